import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH_PX } from '@klase/core/constants';
import { ACCESS_CODE_LENGTH, joinByCodeRequest, normalizeAccessCode } from '@klase/core/classes/contracts';
import { useErrorMessage } from '../../components/error-text.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { classKeys, joinByCodeCall } from '../../api/class-api.ts';

interface JoinClassDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The typed code (normalised as typed), checking it, joining and going to the class's courses. */
const useJoinByCode = (onClose: () => void) => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const validate = useZodValidate<{ code: string }>(joinByCodeRequest);
  const errorMessage = useErrorMessage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    if (busy) return;
    setCode('');
    setError(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validate({ code });
    if (found.code) {
      setError(found.code);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await joinByCodeCall(joinByCodeRequest.parse({ code }).code);
      toastSuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: classKeys.table });
      setBusy(false);
      setCode('');
      onClose();
      await navigate(paths.classCourses.to(answer.classId));
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  const changeCode = (typed: string) => {
    setCode(normalizeAccessCode(typed).slice(0, ACCESS_CODE_LENGTH));
    setError(null);
  };

  return { code, changeCode, error, busy, close, submit };
};

/**
 * "Join class" (students): one field for the access code, typed in any case with or without
 * spaces and dashes. The shared schema checks it first; the server's answer (wrong, replaced or
 * switched-off code, already in the class) is shown under the field.
 */
export const JoinClassDialog = ({ opened, onClose }: JoinClassDialogProps) => {
  const { t } = useTranslation(['classes', 'common']);
  const { code, changeCode, error, busy, close, submit } = useJoinByCode(onClose);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('join.title')}
      size={DIALOG_WIDTH_PX}
      centered
      trapFocus
      closeOnEscape={!busy}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('join.intro')}</Text>
          <TextInput
            label={t('join.code')}
            description={t('join.codeHint', { length: ACCESS_CODE_LENGTH })}
            required
            withAsterisk
            data-autofocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(e) => changeCode(e.currentTarget.value)}
            error={error}
            aria-invalid={error ? true : undefined}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-lg)', letterSpacing: '0.2em' } }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('join.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
};
