import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { questionForm, type QuestionForm, type QuestionType } from '@klase/core/quizzes/questions';
import type { TeacherQuestion } from '@klase/core/quizzes/contracts';
import { FormActions } from '../../components/form-actions.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { KeyFields, PointsField, PromptField } from './question-fields.tsx';
import { emptyQuestionState, stateFromQuestion, stateToQuestion, toEditorErrors, type QuestionEditorState } from './question-editor-values.ts';
import { createQuestionCall, updateQuestionCall, useInvalidateQuiz } from './quizzes-api.ts';

/** What the editor opens: a saved question, or a new one of a type. */
export type EditorTarget = { question: TeacherQuestion } | { type: QuestionType };

interface QuestionEditorProps {
  materialId: string;
  target: EditorTarget;
  /** Attempts already made: saving a changed key regrades them, which the confirmation says. */
  attemptCount: number;
  onClose: () => void;
}

/**
 * Adds or edits one question in a dialog (the whole screen on phones): the prompt in the rich
 * text editor, the points and the key of its type, checked with the shared `questionForm` before
 * anything is sent. A save that regraded attempts says how many.
 */
export const QuestionEditor = ({ materialId, target, attemptCount, onClose }: QuestionEditorProps) => {
  const { t } = useTranslation('quizzes');
  const invalidate = useInvalidateQuiz(materialId);
  const zodValidate = useZodValidate<QuestionForm>(questionForm);
  const editing = 'question' in target ? target.question : null;
  const type = editing ? editing.question.type : (target as { type: QuestionType }).type;
  const form = useForm<QuestionEditorState>({
    mode: 'controlled',
    initialValues: editing ? stateFromQuestion(editing.question) : emptyQuestionState(type),
    validate: (values) => toEditorErrors(values.type, zodValidate(stateToQuestion(values))),
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: (errors) => form.setErrors(toEditorErrors(type, errors)) });
  const cancel = useDiscardCancel(() => form.isDirty(), onClose);

  const ask = editing
    ? { title: t('editor.editConfirmTitle'), message: attemptCount > 0 ? t('editor.regradeMessage', { count: attemptCount }) : t('editor.editConfirm') }
    : { title: t('editor.addConfirmTitle'), message: t('editor.addConfirm') };
  const submit = form.onSubmit((values) =>
    save(ask, async () => {
      const body = questionForm.parse(stateToQuestion(values));
      let regraded = 0;
      if (editing) regraded = (await updateQuestionCall(materialId, editing.id, body)).regraded;
      else await createQuestionCall(materialId, body);
      await invalidate();
      toastSuccess(editing ? t('editor.saved') : t('editor.added'));
      if (regraded > 0) toastSuccess(t('editor.regraded', { count: regraded }));
      onClose();
    }),
  );

  return (
    <FormModal opened title={t(editing ? 'editor.editTitle' : 'editor.addTitle', { type: t(`types.${type}`) })} onClose={() => void cancel()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SaveError error={error} />
          <PromptField form={form} />
          <PointsField form={form} />
          <KeyFields form={form} />
          <FormActions onCancel={cancel} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};
