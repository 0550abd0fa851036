import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, NativeSelect, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QUESTION_TYPES, type QuestionType } from '@klase/core/quizzes/questions';
import type { BankQuestion } from '@klase/core/quizzes/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { formatPoints, htmlExcerpt } from './quiz-labels.ts';
import { deleteBankCall, fromBankCall, quizKeys, useInvalidateQuiz, useQuestionBank } from './quizzes-api.ts';

const BankItem = ({ item, checked, onToggle, onDelete }: { item: BankQuestion; checked: boolean; onToggle: (on: boolean) => void; onDelete: () => void }) => {
  const { t } = useTranslation('quizzes');
  const excerpt = htmlExcerpt(item.question.prompt, 100) || t('questions.mediaOnly');
  return (
    <Paper withBorder p="xs" component="li">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Checkbox
          checked={checked}
          onChange={(e) => onToggle(e.currentTarget.checked)}
          style={{ flex: 1, minWidth: 0 }}
          label={excerpt}
          description={`${t(`types.${item.type}`)} · ${t('questions.points', { count: item.question.points, points: formatPoints(item.question.points) })}`}
          styles={{ label: { overflowWrap: 'anywhere' } }}
        />
        <ActionIcon variant="subtle" color="red.9" aria-label={t('bank.delete', { question: excerpt })} onClick={onDelete}>
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Paper>
  );
};

/** The question type (all) and the search in the prompt. */
const BankFilters = ({
  type,
  onType,
  search,
  onSearch,
}: {
  type: QuestionType | null;
  onType: (type: QuestionType | null) => void;
  search: string;
  onSearch: (search: string) => void;
}) => {
  const { t } = useTranslation('quizzes');
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('bank.type')}
        value={type ?? ''}
        onChange={(e) => onType((e.currentTarget.value || null) as QuestionType | null)}
        data={[{ value: '', label: t('bank.allTypes') }, ...QUESTION_TYPES.map((q) => ({ value: q, label: t(`types.${q}`) }))]}
        style={{ flex: '1 1 160px' }}
      />
      <TextInput
        label={t('bank.search')}
        type="search"
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        style={{ flex: '2 1 200px' }}
      />
    </Group>
  );
};

/**
 * "Add from the question bank": the course's saved questions, filtered by type and searched in
 * the prompt; the chosen ones are copied to the end of the quiz.
 */
export const QuestionBankDialog = ({ materialId, courseId, onClose }: { materialId: string; courseId: string; onClose: () => void }) => {
  const { t } = useTranslation('quizzes');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateQuiz(materialId);
  const [type, setType] = useState<QuestionType | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const bank = useQuestionBank(courseId, { type, search: debounced }, true);
  const items = bank.data?.data ?? [];

  const add = async () => {
    setBusy(true);
    try {
      await fromBankCall(materialId, chosen);
      await invalidate();
      toastSuccess(t('bank.added', { count: chosen.length }));
      onClose();
    } catch (e) {
      toastError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: BankQuestion) => {
    if (!(await confirm({ title: t('bank.deleteTitle'), message: t('bank.deleteConfirm'), confirmLabel: t('questions.deleteAction'), danger: true }))) return;
    try {
      await deleteBankCall(courseId, item.id);
      setChosen((c) => c.filter((id) => id !== item.id));
      toastSuccess(t('bank.deleted'));
      await queryClient.invalidateQueries({ queryKey: quizKeys.bank(courseId) });
    } catch (e) {
      toastError(errorMessage(e));
    }
  };

  return (
    <FormModal opened title={t('bank.title')} onClose={onClose}>
      <Stack gap="md">
        <BankFilters type={type} onType={setType} search={search} onSearch={setSearch} />
        {bank.isPending ? (
          <Skeleton height={120} aria-busy="true" />
        ) : bank.isError ? (
          <ErrorText error={bank.error} />
        ) : items.length === 0 ? (
          <EmptyState text={t('bank.empty')} />
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('bank.listLabel')}>
            {items.map((item) => (
              <BankItem
                key={item.id}
                item={item}
                checked={chosen.includes(item.id)}
                onToggle={(on) => setChosen((c) => (on ? [...c, item.id] : c.filter((id) => id !== item.id)))}
                onDelete={() => void remove(item)}
              />
            ))}
          </Stack>
        )}
        <Group justify="flex-end" gap="sm">
          <Text size="sm" mr="auto" role="status">
            {t('bank.chosen', { count: chosen.length })}
          </Text>
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button onClick={() => void add()} loading={busy} disabled={chosen.length === 0}>
            {t('bank.add')}
          </Button>
        </Group>
      </Stack>
    </FormModal>
  );
};
