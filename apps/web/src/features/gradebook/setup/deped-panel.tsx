import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  courseDepedForm,
  MAPEH_PARTS,
  SUBJECT_GROUPS,
  type ComponentWeights,
  type CourseDeped,
  type MapehPart,
  type SubjectGroup,
} from '@klase/core/deped/contracts';
import { apiFetch } from '../../../api/http.ts';
import { toastSuccess } from '../../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../../lib/use-confirmed-save.tsx';
import { depedCoursePath, setupKeys, type DepedPanelData } from './setup-api.ts';

/** "WW 30% · PT 50% · QA 20%" in the reader's language. */
export const useWeightsText = () => {
  const { t } = useTranslation('grading');
  return (w: ComponentWeights) => (['ww', 'pt', 'qa'] as const).map((c) => t('deped.weight', { component: t(`deped.short.${c}`), weight: w[c] })).join(' · ');
};

const PanelForm = ({ courseId, current, presets }: { courseId: string; current: CourseDeped | null; presets: Record<SubjectGroup, ComponentWeights> }) => {
  const { t } = useTranslation('grading');
  const queryClient = useQueryClient();
  const weightsText = useWeightsText();
  const [group, setGroup] = useState<SubjectGroup | ''>(current?.subjectGroup ?? '');
  const [part, setPart] = useState<MapehPart | ''>(current?.mapehPart ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const flow = useConfirmedSave({ codeFields: {}, setErrors });
  const unchanged = group === (current?.subjectGroup ?? '') && part === (current?.mapehPart ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (group === '') {
      setErrors({ subjectGroup: t('deped.pickGroup') });
      return;
    }
    setErrors({});
    const body = courseDepedForm.parse({ subjectGroup: group, mapehPart: group === 'mapehEpp' && part !== '' ? part : null });
    void flow.save({ title: t('deped.confirmTitle'), message: t('deped.confirm', { weights: weightsText(presets[group]) }) }, async () => {
      await apiFetch<CourseDeped>(depedCoursePath(courseId), { method: 'PUT', body });
      toastSuccess(t('deped.saved'));
      await queryClient.invalidateQueries({ queryKey: setupKeys.all(courseId) });
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SaveError error={flow.error} />
        <Group gap="sm" align="flex-start" wrap="wrap">
          <NativeSelect
            label={t('deped.group')}
            value={group}
            onChange={(e) => setGroup(e.currentTarget.value as SubjectGroup | '')}
            data={[{ value: '', label: t('deped.noGroup') }, ...SUBJECT_GROUPS.map((g) => ({ value: g, label: t(`deped.groups.${g}`) }))]}
            error={errors.subjectGroup}
            style={{ flex: '1 1 260px' }}
            data-testid="deped-group"
          />
          {group === 'mapehEpp' && (
            <NativeSelect
              label={t('deped.part')}
              value={part}
              onChange={(e) => setPart(e.currentTarget.value as MapehPart | '')}
              data={[{ value: '', label: t('deped.noPart') }, ...MAPEH_PARTS.map((p) => ({ value: p, label: t(`deped.parts.${p}`) }))]}
              error={errors.mapehPart}
              style={{ flex: '1 1 200px' }}
            />
          )}
        </Group>
        {group !== '' && (
          <Text size="sm" data-testid="deped-weights">
            {t('deped.weights', { weights: weightsText(presets[group]) })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={flow.busy} disabled={unchanged}>
            {t('deped.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * The grade setup's "DepEd learning area" panel (issue 19): shown only when the school runs the
 * DepEd K to 12 policy (its data: `depedPanelQuery`, read with the setup). The teacher picks the
 * course's subject group (and MAPEH part); saving makes the categories Written Work, Performance
 * Tasks and Quarterly Assessment with the school's preset weights, and the grading periods the
 * school's quarters (asked first).
 */
export const DepedCoursePanel = ({ courseId, data }: { courseId: string; data: DepedPanelData }) => {
  const { t } = useTranslation('grading');
  const weightsText = useWeightsText();
  const { policy, current } = data;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="deped-panel-title" data-testid="deped-panel">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Title order={2} size="h4" id="deped-panel-title">
            {t('deped.title')}
          </Title>
          {current && (
            <Badge variant="light" color="blue" c="var(--mantine-color-text)" tt="none" leftSection={<IconCheck size={12} aria-hidden="true" />}>
              {t(`deped.groups.${current.subjectGroup}`)}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {current
            ? t('deped.current', {
                group: t(`deped.groups.${current.subjectGroup}`),
                weights: weightsText(current.weights),
              })
            : t('deped.intro')}
        </Text>
        {current?.mapehPart && <Text size="sm">{t('deped.currentPart', { part: t(`deped.parts.${current.mapehPart}`) })}</Text>}
        <PanelForm key={`${current?.subjectGroup ?? ''}-${current?.mapehPart ?? ''}`} courseId={courseId} current={current} presets={policy.presets} />
      </Stack>
    </Paper>
  );
};
