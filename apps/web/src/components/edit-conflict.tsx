import { useCallback, useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useModals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH_PX } from '@klase/core/constants';
import { isEditConflictParams, type EditConflictParams } from '@klase/core/edit-version';
import { formatDate } from './date-text.tsx';
import { isApiError, type ApiError } from '../api/http.ts';

/**
 * Someone saved the record after this form was loaded (409 EDIT_CONFLICT, docs/decisions/0024-edit-versions.md):
 * the user reloads their version (losing the form's changes), overwrites it with theirs, or goes
 * back to the form.
 */
export type EditConflictChoice = 'reload' | 'overwrite' | 'cancel';

export const editConflictOf = (e: unknown): (ApiError & { params: EditConflictParams }) | null =>
  isApiError(e) && e.code === 'EDIT_CONFLICT' && isEditConflictParams(e.params) ? (e as ApiError & { params: EditConflictParams }) : null;

export interface EditConflictBodyProps {
  conflict: EditConflictParams;
  /** May take a while (reloading their version): the chosen button shows it is busy, the others wait. */
  onChoose: (choice: EditConflictChoice) => void | Promise<void>;
}

/** The dialog's text and its three buttons (the safe choice, going back to the form, has the focus). */
export const EditConflictBody = ({ conflict, onChoose }: EditConflictBodyProps) => {
  const { t } = useTranslation('components');
  const [busy, setBusy] = useState<EditConflictChoice | null>(null);
  const choose = async (choice: EditConflictChoice) => {
    setBusy(choice);
    try {
      await onChoose(choice);
    } finally {
      setBusy(null);
    }
  };
  const state = (choice: EditConflictChoice) => ({ loading: busy === choice, disabled: busy !== null && busy !== choice });
  return (
    <Stack gap="md">
      <Text>{t('editConflict.message', { name: conflict.name, at: formatDate(conflict.at) ?? conflict.at })}</Text>
      <Text size="sm">{t('editConflict.explain')}</Text>
      <Stack gap="xs">
        <Button color="red.9" onClick={() => void choose('overwrite')} {...state('overwrite')}>
          {t('editConflict.overwrite')}
        </Button>
        <Button variant="light" onClick={() => void choose('reload')} {...state('reload')}>
          {t('editConflict.reload')}
        </Button>
        <Button variant="default" onClick={() => void choose('cancel')} {...state('cancel')} data-autofocus>
          {t('editConflict.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
};

/**
 * `const choose = useEditConflict(); const choice = await choose(conflict, onReload);` — opens the
 * conflict dialog through the app's ModalsProvider (focus trapped; Escape = back to the form). On
 * "reload their version" the dialog stays open, its button busy, until `onReload` has fetched the
 * record, so the form behind it never shows the old values as if they were theirs; a failed reload
 * closes the dialog and rejects with its error.
 */
export const useEditConflict = () => {
  const modals = useModals();
  const { t } = useTranslation('components');
  return useCallback(
    (conflict: EditConflictParams, onReload?: () => unknown) =>
      new Promise<EditConflictChoice>((resolve, reject) => {
        let settled = false;
        const settle = (choice: EditConflictChoice, failure?: { error: unknown }) => {
          if (settled) return;
          settled = true;
          if (failure) reject(failure.error);
          else resolve(choice);
        };
        const id = modals.openModal({
          title: t('editConflict.title'),
          size: DIALOG_WIDTH_PX,
          centered: true,
          trapFocus: true,
          withCloseButton: false,
          onClose: () => settle('cancel'),
          children: (
            <EditConflictBody
              conflict={conflict}
              onChoose={async (choice) => {
                let failure: { error: unknown } | undefined;
                if (choice === 'reload' && onReload) {
                  try {
                    await onReload();
                  } catch (error) {
                    failure = { error };
                  }
                }
                settle(choice, failure);
                modals.closeModal(id);
              }}
            />
          ),
        });
      }),
    [modals, t],
  );
};

/**
 * Runs a save that sends the record's version; on EDIT_CONFLICT asks the user: overwrite runs it
 * again with `overwrite`, reload calls `onReload` (the form then shows the stored version). Answers
 * whether the save went through.
 */
export const useVersionedSave = () => {
  const choose = useEditConflict();
  return useCallback(
    async (run: (overwrite: boolean) => Promise<void>, onReload?: () => unknown): Promise<boolean> => {
      try {
        await run(false);
        return true;
      } catch (e) {
        const conflict = editConflictOf(e);
        if (!conflict) throw e;
        // A reload runs while the dialog is still open (see useEditConflict).
        const choice = await choose(conflict.params, onReload);
        if (choice === 'overwrite') {
          await run(true);
          return true;
        }
        return false;
      }
    },
    [choose],
  );
};

/**
 * For a form that leaves the page after saving: `[generation, reloaded]`. Key the form with
 * `generation` and call `reloaded()` once "reload their version" has fetched the record, so the form
 * starts again from it (its own saves keep the key, so their navigation still runs).
 */
export const useReloadGeneration = () => {
  const [generation, setGeneration] = useState(0);
  const reloaded = useCallback(() => setGeneration((n) => n + 1), []);
  return [generation, reloaded] as const;
};
