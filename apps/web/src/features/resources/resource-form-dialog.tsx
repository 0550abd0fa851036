import { useState } from 'react';
import { FileInput, Progress, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconPaperclip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GRADE_LEVELS } from '@klase/core/classes/contracts';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import {
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_SUBJECT_MAX,
  RESOURCE_TITLE_MAX,
  resourceEditForm,
  resourceFileForm,
  resourceLinkForm,
  type ResourceKind,
  type ResourceRow,
  type ResourceSaved,
} from '@klase/core/resources/contracts';
import { ANY_FILE_TYPE, checkUploads, formatBytes } from '@klase/core/upload';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { useClassText } from '../../lib/class-format.ts';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { addLinkCall, resourceKeys, updateResourceCall, uploadResourceCall } from './resources-api.ts';

interface Values {
  title: string;
  description: string;
  gradeLevel: string | null;
  subject: string;
  url: string;
  file: File | null;
}

const toValues = (r: ResourceRow | null): Values => ({
  title: r?.title ?? '',
  description: r?.description ?? '',
  gradeLevel: r?.gradeLevel ?? null,
  subject: r?.subject ?? '',
  url: r?.url ?? '',
  file: null,
});

const FILE_RULES = { types: [ANY_FILE_TYPE], maxBytes: FILE_MAX_BYTES, maxFiles: 1 };

interface ResourceFormDialogProps {
  kind: ResourceKind;
  /** The resource being edited; null adds a new one (a link, or an upload of a file). */
  resource: ResourceRow | null;
  onClose: () => void;
}

/** The form, checked with the API's schema; a new file is checked by type and size too. */
const useResourceForm = (kind: ResourceFormDialogProps['kind'], resource: ResourceFormDialogProps['resource']) => {
  const { t } = useTranslation('validation');
  const uploading = kind === 'file' && resource === null;
  const zodValidate = useZodValidate<Values>(kind === 'link' ? resourceLinkForm : resourceFileForm);
  const fileError = (file: File | null): string | null => {
    if (!file) return t('validation:required');
    const problem = checkUploads([file], FILE_RULES);
    return problem ? t(`validation:${problem.key}`, 'params' in problem ? problem.params : {}) : null;
  };
  return useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(resource),
    validate: (values) => {
      const errors = zodValidate(values);
      const file = uploading ? fileError(values.file) : null;
      return file ? { ...errors, file } : errors;
    },
    validateInputOnBlur: true,
  });
};

/** The grade level (any) and the subject, side by side from tablets up. */
const GradeSubjectFields = ({ form, disabled }: { form: UseFormReturnType<Values>; disabled: boolean }) => {
  const { t } = useTranslation('resources');
  const { grade } = useClassText();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t('form.gradeLevel')}
        placeholder={t('form.anyGrade')}
        clearable
        data={GRADE_LEVELS.map((g) => ({ value: g, label: grade(g) }))}
        comboboxProps={{ withinPortal: true }}
        disabled={disabled}
        {...form.getInputProps('gradeLevel')}
      />
      <TextField label={t('form.subject')} maxLength={RESOURCE_SUBJECT_MAX} disabled={disabled} {...form.getInputProps('subject')} />
    </SimpleGrid>
  );
};

/**
 * Add a link, upload a file, or edit a resource's details: title, description, grade level and
 * subject, plus the address of a link or the file to upload. Checked in the browser with the API's
 * own schema (and the file by size); saving asks first; an upload shows its progress; the server's
 * field errors land on their fields. Mount it only while open.
 */
export const ResourceFormDialog = ({ kind, resource, onClose }: ResourceFormDialogProps) => {
  const { t } = useTranslation(['resources', 'components', 'validation']);
  const queryClient = useQueryClient();
  const uploading = kind === 'file' && resource === null;
  const form = useResourceForm(kind, resource);
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: form.setErrors });
  const [progress, setProgress] = useState<number | null>(null);
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const close = () => {
    if (!busy) void cancel();
  };

  const title = resource ? t(kind === 'link' ? 'form.editLinkTitle' : 'form.editFileTitle') : t(kind === 'link' ? 'form.addLinkTitle' : 'form.uploadTitle');
  const ask = { title, message: resource ? t('form.confirmEdit') : t(kind === 'link' ? 'form.confirmAddLink' : 'form.confirmUpload') };

  const send = async (values: Values): Promise<ResourceSaved> => {
    if (resource) return updateResourceCall(resource.id, resourceEditForm.parse(kind === 'link' ? values : { ...values, url: undefined }));
    if (kind === 'link') return addLinkCall(resourceLinkForm.parse(values));
    if (!values.file) throw new Error('no file');
    setProgress(0);
    try {
      return await uploadResourceCall(resourceFileForm.parse(values), values.file, setProgress);
    } finally {
      setProgress(null);
    }
  };

  const submit = form.onSubmit((values) =>
    save(ask, async () => {
      const answer = await send(values);
      toastSuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: resourceKeys.all });
      onClose();
    }),
  );

  return (
    <FormModal opened title={title} onClose={close}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <TextField label={t('form.title')} required maxLength={RESOURCE_TITLE_MAX} data-autofocus disabled={busy} {...form.getInputProps('title')} />
          {kind === 'link' && (
            <TextField
              label={t('form.url')}
              description={t('form.urlHint')}
              required
              type="url"
              inputMode="url"
              maxLength={2048}
              disabled={busy}
              {...form.getInputProps('url')}
            />
          )}
          <Textarea label={t('form.description')} rows={3} maxLength={RESOURCE_DESCRIPTION_MAX} disabled={busy} {...form.getInputProps('description')} />
          <GradeSubjectFields form={form} disabled={busy} />
          {resource?.file && <Text size="sm">{t('form.currentFile', { name: resource.file.name, size: formatBytes(resource.file.size) })}</Text>}
          {uploading && (
            <FileInput
              label={t('form.file')}
              description={t('form.fileHint', { size: formatBytes(FILE_MAX_BYTES) })}
              placeholder={t('form.choose')}
              required
              withAsterisk
              clearable
              leftSection={<IconPaperclip size={16} aria-hidden="true" />}
              disabled={busy}
              {...form.getInputProps('file')}
            />
          )}
          {progress !== null && (
            <Stack gap={2}>
              <Progress value={progress} size="md" animated aria-label={t('components:upload.progress')} />
              <Text size="xs" aria-live="polite">
                {t('components:upload.uploading', { percent: progress })}
              </Text>
            </Stack>
          )}
          <FormActions onCancel={close} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};
