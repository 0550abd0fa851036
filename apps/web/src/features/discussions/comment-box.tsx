import { useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { COMMENT_BODY_MAX, commentForm, type CommentRow } from '@klase/core/discussions/contracts';
import type { PersonRef } from '@klase/core/messaging/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { useSaveErrors } from '../../lib/use-save-errors.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { MentionTextarea, mentionedIds } from './mentions.tsx';
import { onSubmitWith } from './submit.ts';

interface CommentBoxProps {
  courseId: string;
  label: string;
  submitLabel: string;
  initial?: string;
  /** Saves the text and the mentioned people's ids; the box empties after a new comment. */
  onSave: (body: string, mentionIds: string[]) => Promise<CommentRow>;
  onCancel?: () => void;
}

/** A comment, reply or edit: plain text with `@` mentions, checked with the contract's schema. */
export const CommentBox = ({ courseId, label, submitLabel, initial = '', onSave, onCancel }: CommentBoxProps) => {
  const { t } = useTranslation(['discussions', 'common']);
  const validate = useZodValidate<{ body: string }>(commentForm);
  const saveErrors = useSaveErrors({});
  const [body, setBody] = useState(initial);
  const [people, setPeople] = useState<PersonRef[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = validate({ body }).body;
    setError(problem ?? null);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      await onSave(body, mentionedIds(body, people));
      if (!initial) setBody('');
      setPeople([]);
    } catch (e) {
      const r = saveErrors(e);
      setError(r.fields.body ?? null);
      setFailure(r.fields.body ? null : e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={onSubmitWith(submit)}>
      <Stack gap="xs">
        <MentionTextarea
          courseId={courseId}
          label={label}
          description={t('comments.mentionHint')}
          value={body}
          onChange={setBody}
          onMention={(p) => setPeople((list) => [...list, p])}
          error={error}
          autosize
          minRows={2}
          maxRows={10}
          maxLength={COMMENT_BODY_MAX + 1}
        />
        <ErrorText error={failure} />
        <Group justify="flex-end" gap="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {t('common:cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} aria-hidden="true" />}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
