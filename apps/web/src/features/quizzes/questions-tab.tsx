import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Paper, Skeleton, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconBooks, IconChevronDown, IconDatabaseExport, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { roundPoints } from '@klase/core/quizzes/grading';
import { QUESTION_TYPES } from '@klase/core/quizzes/questions';
import type { TeacherQuestion } from '@klase/core/quizzes/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { QuestionBankDialog } from './question-bank-dialog.tsx';
import { QuestionEditor, type EditorTarget } from './question-editor.tsx';
import { formatPoints, htmlExcerpt } from './quiz-labels.ts';
import { deleteQuestionCall, quizKeys, reorderQuestionsCall, toBankCall, useInvalidateQuiz, useQuestions } from './quizzes-api.ts';

interface QuestionsTabProps {
  materialId: string;
  courseId: string;
  attemptCount: number;
}

const moved = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
};

/** Moves, edits, saves to the bank and deletes one question; every action is a named button. */
const QuestionRow = ({
  q,
  index,
  count,
  onMove,
  onEdit,
  onToBank,
  onDelete,
}: {
  q: TeacherQuestion;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onEdit: () => void;
  onToBank: () => void;
  onDelete: () => void;
}) => {
  const { t } = useTranslation('quizzes');
  const n = index + 1;
  const action = (label: string, icon: ReactNode, onClick: () => void, opts: { disabled?: boolean; color?: string } = {}) => (
    <Tooltip label={label} withArrow>
      <ActionIcon variant="subtle" color={opts.color ?? 'gray.8'} size="lg" aria-label={label} onClick={onClick} disabled={opts.disabled}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Paper withBorder p="sm" component="li" data-testid="question-row">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={4} style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{t('questions.number', { n })}</Text>
            <Badge variant="filled" color="gray.8" c="white" tt="none">
              {t(`types.${q.question.type}`)}
            </Badge>
            <Text size="sm">{t('questions.points', { count: q.question.points, points: formatPoints(q.question.points) })}</Text>
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {htmlExcerpt(q.question.prompt) || t('questions.mediaOnly')}
          </Text>
        </Stack>
        <Group gap={2} wrap="nowrap">
          {action(t('questions.moveUp', { n }), <IconArrowUp size={18} aria-hidden="true" />, () => onMove(index - 1), { disabled: index === 0 })}
          {action(t('questions.moveDown', { n }), <IconArrowDown size={18} aria-hidden="true" />, () => onMove(index + 1), { disabled: index === count - 1 })}
          {action(t('questions.edit', { n }), <IconPencil size={18} aria-hidden="true" />, onEdit)}
          {action(t('questions.toBank', { n }), <IconDatabaseExport size={18} aria-hidden="true" />, onToBank)}
          {action(t('questions.delete', { n }), <IconTrash size={18} aria-hidden="true" />, onDelete, { color: 'red.9' })}
        </Group>
      </Group>
    </Paper>
  );
};

/** "Add question": a menu of the question types. */
const AddQuestionMenu = ({ onAdd }: { onAdd: (type: (typeof QUESTION_TYPES)[number]) => void }) => {
  const { t } = useTranslation('quizzes');
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} rightSection={<IconChevronDown size={16} aria-hidden="true" />}>
          {t('questions.add')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {QUESTION_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {t(`types.${type}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};

/** A question's actions (each says what went wrong in a toast): delete after a confirmation, copy to the course's bank. */
const useQuestionActions = (materialId: string, courseId: string) => {
  const { t } = useTranslation('quizzes');
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateQuiz(materialId);

  const remove = async (q: TeacherQuestion, n: number) => {
    if (
      !(await confirm({
        title: t('questions.deleteTitle'),
        message: t('questions.deleteConfirm', { n }),
        confirmLabel: t('questions.deleteAction'),
        danger: true,
      }))
    )
      return;
    try {
      await deleteQuestionCall(materialId, q.id);
      toastSuccess(t('questions.deleted'));
      await invalidate();
    } catch (e) {
      toastError(errorMessage(e));
    }
  };

  const toBank = async (q: TeacherQuestion) => {
    try {
      await toBankCall(materialId, q.id);
      toastSuccess(t('questions.savedToBank'));
      await queryClient.invalidateQueries({ queryKey: quizKeys.bank(courseId) });
    } catch (e) {
      toastError(errorMessage(e));
    }
  };
  return { remove, toBank };
};

/**
 * The Questions tab of `quiz-settings`: the questions in order (moved with up and down buttons,
 * kept on the server at once), their points and total, adding (a new question of a type, or from
 * the course's question bank), editing, saving to the bank and deleting.
 */
export const QuestionsTab = ({ materialId, courseId, attemptCount }: QuestionsTabProps) => {
  const { t } = useTranslation('quizzes');
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateQuiz(materialId);
  const questions = useQuestions(materialId);
  const [editor, setEditor] = useState<EditorTarget | null>(null);
  const [bankOpen, setBankOpen] = useState(false);
  const [status, setStatus] = useState('');
  const list = questions.data ?? [];
  const total = roundPoints(list.reduce((s, q) => s + q.question.points, 0));

  const move = async (from: number, to: number) => {
    const key = quizKeys.questions(materialId);
    const next = moved(list, from, to);
    queryClient.setQueryData<TeacherQuestion[]>(
      key,
      next.map((q, i) => ({ ...q, position: i + 1 })),
    );
    setStatus(t('questions.movedTo', { n: to + 1 }));
    try {
      await reorderQuestionsCall(
        materialId,
        next.map((q) => q.id),
      );
    } catch (e) {
      toastError(errorMessage(e));
    }
    await invalidate();
  };

  const { remove, toBank } = useQuestionActions(materialId, courseId);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text fw={500} role="status" data-testid="questions-total">
          {t('questions.total', { count: list.length, points: formatPoints(total) })}
        </Text>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconBooks size={16} aria-hidden="true" />} onClick={() => setBankOpen(true)}>
            {t('bank.open')}
          </Button>
          <AddQuestionMenu onAdd={(type) => setEditor({ type })} />
        </Group>
      </Group>
      {questions.isPending ? (
        <Skeleton height={160} aria-busy="true" />
      ) : questions.isError ? (
        <ErrorText error={questions.error} />
      ) : list.length === 0 ? (
        <EmptyState text={t('questions.empty')} />
      ) : (
        <Stack component="ol" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('questions.listLabel')}>
          {list.map((q, i) => (
            <QuestionRow
              key={q.id}
              q={q}
              index={i}
              count={list.length}
              onMove={(to) => void move(i, to)}
              onEdit={() => setEditor({ question: q })}
              onToBank={() => void toBank(q)}
              onDelete={() => void remove(q, i + 1)}
            />
          ))}
        </Stack>
      )}
      {/* Where a moved question went, for screen readers (the focus stays on the button). */}
      <VisuallyHidden aria-live="polite">{status}</VisuallyHidden>
      {editor && <QuestionEditor materialId={materialId} target={editor} attemptCount={attemptCount} onClose={() => setEditor(null)} />}
      {bankOpen && <QuestionBankDialog materialId={materialId} courseId={courseId} onClose={() => setBankOpen(false)} />}
    </Stack>
  );
};
