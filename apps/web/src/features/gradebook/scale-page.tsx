import { Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { DetailList } from '../../components/detail-list.tsx';
import { useScaleDetails } from './setup/setup-api.ts';
import { DeleteButton, FormFrame, LoadState, useSetupParams, useTabHref } from './setup/setup-frame.tsx';
import { num } from './setup/setup-table.tsx';

/** `scales/:scaleId`: a scale's values, range, kind and the items using it; custom ones can be edited or deleted. */
export const ScalePage = () => {
  const { t } = useTranslation('gradeSetup');
  const { classId, courseId, scaleId } = useSetupParams();
  const navigate = useNavigate();
  const href = useTabHref();
  const scale = useScaleDetails(courseId, scaleId);
  return (
    <FormFrame back="scales" title={scale.data?.name ?? t('titles.scale')}>
      <LoadState query={scale}>
        {(s) => (
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="md">
              <Group gap="xs">
                <Text size="sm" fw={700}>
                  {t('scalePage.values')}
                </Text>
                {s.values.map((v, i) => (
                  <Badge key={`${i}-${v}`} variant="light" color="gray.8" tt="none">{`${i + 1} = ${v}`}</Badge>
                ))}
              </Group>
              <DetailList
                items={[
                  { label: t('scalePage.minGrade'), value: num(s.minGrade) },
                  { label: t('scalePage.maxGrade'), value: num(s.maxGrade) },
                  { label: t('scalePage.gradeType'), value: t('gradeTypes.scale') },
                  { label: t('scalePage.kind'), value: t(`scales.kinds.${s.kind}`) },
                  { label: t('scaleForm.description'), value: s.description },
                ]}
              />
              <Title order={3} size="h4">
                {t('scalePage.usedBy', { count: s.items.length })}
              </Title>
              {s.items.length === 0 ? (
                <Text size="sm">{t('scalePage.unused')}</Text>
              ) : (
                <List size="sm">
                  {s.items.map((i) => (
                    <List.Item key={i.id}>{i.name}</List.Item>
                  ))}
                </List>
              )}
              {s.canEdit && (
                <Group gap="xs">
                  <Button
                    component={Link}
                    to={paths.classScaleEdit.to(classId, courseId, s.id)}
                    variant="default"
                    leftSection={<IconPencil size={16} aria-hidden="true" />}
                  >
                    {t('actions.edit')}
                  </Button>
                  <DeleteButton kind="scales" id={s.id} name={s.name} onDeleted={() => navigate(href('scales'))} />
                </Group>
              )}
            </Stack>
          </Paper>
        )}
      </LoadState>
    </FormFrame>
  );
};
