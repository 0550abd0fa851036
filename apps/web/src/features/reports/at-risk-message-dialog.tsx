import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AT_RISK_MESSAGE_MAX, atRiskMessageSchema } from '@klase/core/reports/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { issuesOf, useFieldIssueMessages } from '../../lib/zod-form.ts';
import { isApiError } from '../../api/http.ts';
import { useAtRiskMessage } from './reports-api.ts';

interface AtRiskMessageDialogProps {
  classId: string;
  studentIds: string[];
  /** How many parents the chosen students have (the checkbox says so). */
  parentCount: number;
  onClose: () => void;
  onSent: () => void;
}

/** The message to the chosen students (and, if ticked, their parents), sent as direct messages. */
export const AtRiskMessageDialog = ({ classId, studentIds, parentCount, onClose, onSent }: AtRiskMessageDialogProps) => {
  const { t } = useTranslation('reports');
  const fieldMessages = useFieldIssueMessages();
  const [text, setText] = useState('');
  const [includeParents, setIncludeParents] = useState(false);
  const [textError, setTextError] = useState<string | undefined>(undefined);
  const send = useAtRiskMessage();
  const cancel = useDiscardCancel(() => text.trim() !== '', onClose);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = { classId, studentIds, includeParents, text };
    const issues = issuesOf(atRiskMessageSchema, input);
    if (issues.text) {
      setTextError(fieldMessages([issues.text]).text);
      return;
    }
    try {
      const { sent } = await send.mutateAsync(input);
      toastSuccess(t('atRisk.sent', { count: sent }));
      onSent();
    } catch (error) {
      if (isApiError(error) && error.fields?.length) setTextError(fieldMessages(error.fields).text);
    }
  };

  return (
    <FormModal opened title={t('atRisk.dialogTitle')} onClose={() => void cancel()}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text>{t('atRisk.recipients', { count: studentIds.length })}</Text>
          <Textarea
            label={t('atRisk.text')}
            required
            autosize
            minRows={4}
            maxLength={AT_RISK_MESSAGE_MAX}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setTextError(undefined);
            }}
            error={textError}
            data-autofocus
          />
          <Checkbox
            label={t('atRisk.includeParents')}
            description={t('atRisk.parentCount', { count: parentCount })}
            checked={includeParents}
            onChange={(e) => setIncludeParents(e.currentTarget.checked)}
          />
          {send.error && !(isApiError(send.error) && send.error.fields?.length) ? <ErrorText error={send.error} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void cancel()} disabled={send.isPending}>
              {t('atRisk.cancel')}
            </Button>
            <Button type="submit" loading={send.isPending}>
              {t('atRisk.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormModal>
  );
};
