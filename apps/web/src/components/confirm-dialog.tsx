import { useCallback, useState, type ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useModals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH_PX } from '@klase/core/constants';
import { ErrorText } from './error-text.tsx';

export interface ConfirmDialogProps {
  opened: boolean;
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** Runs on confirm; the dialog shows a loader meanwhile, closes on success and shows the error on failure. */
  onConfirm: () => unknown;
  onClose: () => void;
}

interface ConfirmBodyProps extends Omit<ConfirmDialogProps, 'opened' | 'title'> {
  onBusyChange?: (busy: boolean) => void;
}

/** The message, the error (if the action failed) and the two buttons. */
export const ConfirmBody = ({ message, confirmLabel, cancelLabel, danger, onConfirm, onClose, onBusyChange }: ConfirmBodyProps) => {
  const { t } = useTranslation('components');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const run = async () => {
    setBusy(true);
    onBusyChange?.(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onBusyChange?.(false);
      onClose();
    } catch (e) {
      setError(e);
      setBusy(false);
      onBusyChange?.(false);
    }
  };

  return (
    <Stack gap="md">
      {typeof message === 'string' ? <Text>{message}</Text> : message}
      <ErrorText error={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {cancelLabel ?? t('dialog.cancel')}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={run} loading={busy} data-autofocus>
          {confirmLabel ?? t('dialog.confirm')}
        </Button>
      </Group>
    </Stack>
  );
};

/** A 370 px confirmation dialog (focus trapped; Escape cancels unless the action is running). */
export const ConfirmDialog = ({ opened, title, onClose, ...body }: ConfirmDialogProps) => {
  const { t } = useTranslation('components');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title ?? t('dialog.defaultTitle')}
      size={DIALOG_WIDTH_PX}
      centered
      trapFocus
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      withCloseButton={false}
    >
      <ConfirmBody {...body} onClose={onClose} onBusyChange={setBusy} />
    </Modal>
  );
};

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
}

type ModalsApi = ReturnType<typeof useModals>;

/**
 * Opens a small focus-trapping dialog through the app's ModalsProvider and resolves what the
 * person chose: `render` gets `choose` (closes the dialog with a value, or null), and closing it
 * any other way (Escape, a click outside) resolves null.
 */
export const askInModal = <T,>(modals: ModalsApi, title: string, render: (choose: (value: T | null) => void) => ReactNode): Promise<T | null> =>
  new Promise<T | null>((resolve) => {
    let settled = false;
    const settle = (value: T | null) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const id = modals.openModal({
      title,
      size: DIALOG_WIDTH_PX,
      centered: true,
      trapFocus: true,
      withCloseButton: false,
      onClose: () => settle(null),
      children: render((value) => {
        settle(value);
        modals.closeModal(id);
      }),
    });
  });

/**
 * `const confirm = useConfirm(); if (await confirm({ message })) save();` — opens the confirmation
 * dialog through the app's ModalsProvider and resolves true on confirm, false on cancel or Escape.
 */
export const useConfirm = () => {
  const modals = useModals();
  const { t } = useTranslation('components');
  return useCallback(
    async ({ title, ...options }: ConfirmOptions) =>
      (await askInModal<true>(modals, title ?? t('dialog.defaultTitle'), (choose) => (
        <ConfirmBody {...options} onConfirm={() => choose(true)} onClose={() => choose(null)} />
      ))) === true,
    [modals, t],
  );
};
