import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QUARTERS } from '@klase/core/deped/contracts';
import { CardOptionsFields } from './card-options.tsx';
import { useChildClasses } from '../../api/class-api.ts';
import { learnerCardUrl, type CardOptions } from './report-cards-api.ts';

/** On a parent's child page: the child's SF9 per class and quarter (DepEd gives the card to the parent). */
export const ChildReportCards = ({ childId }: { childId: string }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'reportCards' });
  const classes = useChildClasses(childId);
  const [options, setOptions] = useState<CardOptions>({ quarter: 1, paper: 'a4', lang: 'en-us' });
  const list = classes.data?.data ?? [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('child.title')}
        </Title>
        <CardOptionsFields value={options} onChange={setOptions} withQuarter={false} />
        {list.length === 0 && classes.isSuccess && <Text c="dimmed">{t('child.none')}</Text>}
        {list.map((c) => (
          <Stack key={c.id} gap={4}>
            <Text fw={500}>{c.name}</Text>
            <Group gap="xs" wrap="wrap">
              {QUARTERS.map((q) => (
                <Button
                  key={q}
                  component="a"
                  size="xs"
                  variant="light"
                  href={learnerCardUrl(c.id, childId, { ...options, quarter: q })}
                  download
                  leftSection={<IconDownload size={14} aria-hidden="true" />}
                  aria-label={t('child.download', { quarter: q, name: c.name })}
                >
                  {t('options.quarterN', { n: q })}
                </Button>
              ))}
            </Group>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
};
