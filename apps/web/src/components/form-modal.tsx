import { useCallback, type ReactNode } from 'react';
import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { NARROW_QUERY } from './data-table/types.ts';
import { useConfirm } from './confirm-dialog.tsx';

interface FormModalProps {
  opened: boolean;
  title: string;
  /** Closing (Escape, the close button, a click outside) goes through the form's own cancel. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * The dialog around a course or element form: large on wide screens, the whole screen on phones.
 * Its header is a plain div (a second <header> would be a second banner landmark). The form inside
 * owns its state, so callers mount the dialog only while it is open.
 */
export const FormModal = ({ opened, title, onClose, children }: FormModalProps) => {
  const { t } = useTranslation('common');
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  return (
    <Modal.Root opened={opened} onClose={onClose} size="lg" fullScreen={narrow} centered={!narrow}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};

/** Cancel of a dialog form: with unsaved changes it asks first (spec: every cancel asks). */
export const useDiscardCancel = (isDirty: () => boolean, onClose: () => void) => {
  const confirm = useConfirm();
  const { t } = useTranslation('common');
  return useCallback(async () => {
    if (isDirty() && !(await confirm({ title: t('discard.title'), message: t('discard.message'), confirmLabel: t('discard.confirm') }))) return;
    onClose();
  }, [confirm, isDirty, onClose, t]);
};
