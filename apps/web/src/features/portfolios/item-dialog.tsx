import { Button, Checkbox, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ANY_FILE_TYPE } from '@klase/core/upload';
import {
  PORTFOLIO_FILE_MAX_BYTES,
  PORTFOLIO_ITEM_CAPTION_MAX,
  PORTFOLIO_ITEM_TITLE_MAX,
  portfolioItemCreate,
  portfolioItemUpdate,
  type PortfolioItem,
  type PortfolioItemKind,
} from '@klase/core/portfolios/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { RichTextField } from '../../components/rich-text-editor.tsx';
import { TextField } from '../../components/text-field.tsx';
import { UploadBox } from '../../components/upload-box.tsx';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { addItemCall, updateItemCall, uploadFileItemCall, useRefreshPortfolios } from './portfolios-api.ts';
import { WorkPicker } from './work-picker.tsx';

export interface ItemState {
  title: string;
  caption: string;
  bodyHtml: string;
  url: string;
  submissionId: string;
  includeGrade: boolean;
  includeFeedback: boolean;
}

/** The form's values of an item (empty for a new one). */
export const stateOfItem = (item: PortfolioItem | null): ItemState => ({
  title: item?.title ?? '',
  caption: item?.caption ?? '',
  bodyHtml: item?.kind === 'reflection' ? item.bodyHtml : '',
  url: item?.kind === 'link' ? item.url : '',
  submissionId: '',
  includeGrade: item?.kind === 'work' ? item.includeGrade : false,
  includeFeedback: item?.kind === 'work' ? item.includeFeedback : false,
});

/** The request of the kind: what `POST .../items` (new) or `PUT .../items/:id` (edit) takes. */
export const itemRequestOf = (kind: PortfolioItemKind, v: ItemState, editing: boolean) => {
  const base = { title: v.title, caption: v.caption };
  switch (kind) {
    case 'file':
      return { kind, ...base };
    case 'reflection':
      return { kind, ...base, bodyHtml: v.bodyHtml };
    case 'link':
      return { kind, ...base, url: v.url };
    case 'work':
      return editing
        ? { kind, ...base, includeGrade: v.includeGrade, includeFeedback: v.includeFeedback }
        : { kind, ...base, submissionId: v.submissionId, includeGrade: v.includeGrade, includeFeedback: v.includeFeedback };
  }
};

type Form = UseFormReturnType<ItemState>;

const errorOf = (form: Form, field: keyof ItemState) => (typeof form.errors[field] === 'string' ? form.errors[field] : null);

/** The fields of the kind (the title and caption of every kind come after). */
const KindFields = ({ kind, form, editing }: { kind: PortfolioItemKind; form: Form; editing: boolean }) => {
  const { t } = useTranslation('portfolios');
  switch (kind) {
    case 'reflection':
      return (
        <RichTextField
          label={t('itemForm.body')}
          value={form.values.bodyHtml}
          onChange={(html) => form.setFieldValue('bodyHtml', html)}
          error={errorOf(form, 'bodyHtml')}
          stickyOffset={0}
        />
      );
    case 'link':
      return <TextField label={t('itemForm.url')} description={t('itemForm.urlHint')} required type="url" {...form.getInputProps('url')} />;
    case 'work':
      return (
        <>
          {!editing && (
            <WorkPicker
              value={form.values.submissionId}
              error={errorOf(form, 'submissionId')}
              onChange={(choice) => {
                form.setFieldValue('submissionId', choice.submissionId);
                if (!form.values.title.trim()) form.setFieldValue('title', choice.materialName);
              }}
            />
          )}
          <Stack gap={6}>
            <Checkbox label={t('itemForm.includeGrade')} {...form.getInputProps('includeGrade', { type: 'checkbox' })} />
            <Checkbox label={t('itemForm.includeFeedback')} {...form.getInputProps('includeFeedback', { type: 'checkbox' })} />
            <Text size="xs">{t('itemForm.includeHint')}</Text>
          </Stack>
        </>
      );
    case 'file':
      return null;
  }
};

export interface ItemDialogProps {
  portfolioId: string;
  kind: PortfolioItemKind;
  /** The item to edit; null: a new one. */
  item: PortfolioItem | null;
  onClose: () => void;
}

/** A new file item: title and caption first, then the upload box (any type up to 900 MB), asked first, with progress. */
const FileUploadFields = ({ portfolioId, form, onDone, onCancel }: { portfolioId: string; form: Form; onDone: () => void; onCancel: () => void }) => {
  const { t } = useTranslation(['portfolios', 'common']);
  const confirm = useConfirm();
  const refresh = useRefreshPortfolios();
  const upload = async (files: File[], onProgress: (percent: number) => void) => {
    const [file] = files;
    if (!file) return;
    await uploadFileItemCall(portfolioId, form.values, file, onProgress);
    await refresh();
    toastSuccess(t('itemForm.added'));
    onDone();
  };
  return (
    <>
      <Text size="sm">{t('itemForm.fileHint')}</Text>
      <UploadBox
        types={[ANY_FILE_TYPE]}
        maxBytes={PORTFOLIO_FILE_MAX_BYTES}
        maxFiles={1}
        label={t('itemForm.file')}
        onUpload={upload}
        confirm={([file]) => confirm({ title: t('itemForm.uploadTitle'), message: t('itemForm.confirmUpload', { name: file?.name ?? '' }) })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
      </Group>
    </>
  );
};

/**
 * Add or edit an item: a file (uploaded from the box), a reflection (the rich text editor), a link,
 * or a piece of graded work (picked from the student's submissions, with the grade and feedback if
 * chosen). Checked with the shared schema; every save is confirmed first and says when it is done.
 */
export const ItemDialog = ({ portfolioId, kind, item, onClose }: ItemDialogProps) => {
  const { t } = useTranslation('portfolios');
  const editing = item !== null;
  const refresh = useRefreshPortfolios();
  const zodValidate = useZodValidate(editing ? portfolioItemUpdate : portfolioItemCreate);
  const form = useForm<ItemState>({
    mode: 'controlled',
    initialValues: stateOfItem(item),
    validate: (values) => zodValidate(itemRequestOf(kind, values, editing)),
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: form.setErrors });
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const uploadsFile = kind === 'file' && !editing;

  const submit = form.onSubmit((values) =>
    save(
      { title: t(editing ? 'itemForm.editTitle' : `itemForm.addTitle.${kind}`), message: t(editing ? 'itemForm.confirmEdit' : 'itemForm.confirmAdd') },
      async () => {
        if (item) await updateItemCall(portfolioId, item.id, portfolioItemUpdate.parse(itemRequestOf(kind, values, true)));
        else await addItemCall(portfolioId, portfolioItemCreate.parse(itemRequestOf(kind, values, false)));
        await refresh();
        toastSuccess(t(editing ? 'itemForm.saved' : 'itemForm.added'));
        onClose();
      },
    ),
  );

  return (
    <FormModal opened title={t(editing ? 'itemForm.editTitle' : `itemForm.addTitle.${kind}`)} onClose={() => void cancel()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          {kind === 'work' && !editing && <KindFields kind={kind} form={form} editing={editing} />}
          <TextField
            label={uploadsFile ? t('itemForm.fileTitle') : t('itemForm.title')}
            required={!uploadsFile}
            maxLength={PORTFOLIO_ITEM_TITLE_MAX}
            data-autofocus
            {...form.getInputProps('title')}
          />
          {!(kind === 'work' && !editing) && <KindFields kind={kind} form={form} editing={editing} />}
          <Textarea label={t('itemForm.caption')} autosize minRows={2} maxRows={6} maxLength={PORTFOLIO_ITEM_CAPTION_MAX} {...form.getInputProps('caption')} />
          {uploadsFile ? (
            <FileUploadFields portfolioId={portfolioId} form={form} onDone={onClose} onCancel={() => void cancel()} />
          ) : (
            <FormActions onCancel={() => cancel()} busy={busy} />
          )}
        </Stack>
      </form>
    </FormModal>
  );
};
