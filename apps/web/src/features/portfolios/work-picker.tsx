import { Badge, Group, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkChoice } from '@klase/core/portfolios/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { formatDate } from '../../components/date-text.tsx';
import { Loading } from './portfolio-cards.tsx';
import { useWorkChoices } from './portfolios-api.ts';

interface WorkPickerProps {
  value: string;
  onChange: (choice: WorkChoice) => void;
  error?: string | null;
}

/** One of the student's handed-in submissions, picked from a list of radio buttons (newest first). */
export const WorkPicker = ({ value, onChange, error }: WorkPickerProps) => {
  const { t } = useTranslation('portfolios');
  const choices = useWorkChoices();
  if (choices.isPending) return <Loading />;
  if (choices.isError) return <ErrorText error={choices.error} />;
  const items = choices.data.items;
  return (
    <Radio.Group
      label={t('itemForm.work')}
      description={t('itemForm.workHint')}
      withAsterisk
      value={value}
      onChange={(id) => {
        const picked = items.find((c) => c.submissionId === id);
        if (picked) onChange(picked);
      }}
      error={error}
    >
      {items.length === 0 ? (
        <Text size="sm" mt="xs">
          {t('itemForm.noWork')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={280} type="auto" mt="xs">
          <Stack gap="xs" pr="xs">
            {items.map((c) => (
              <Radio.Card key={c.submissionId} value={c.submissionId} p="sm" radius="md" data-testid="work-choice">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Radio.Indicator />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {c.materialName}
                    </Text>
                    <Text size="sm">
                      {c.courseName} · {c.className}
                    </Text>
                    <Group gap="xs">
                      {c.submittedAt && <Text size="xs">{t('items.submitted', { date: formatDate(c.submittedAt, 'short') })}</Text>}
                      <Badge size="sm" variant="filled" color={c.graded ? 'blue.9' : 'gray.7'}>
                        {c.graded ? t('itemForm.graded') : t('itemForm.notGraded')}
                      </Badge>
                    </Group>
                  </Stack>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Radio.Group>
  );
};
