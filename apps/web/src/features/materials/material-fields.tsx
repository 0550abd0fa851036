import { lazy, Suspense } from 'react';
import { Alert, Group, NumberInput, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MaterialType } from '@klase/core/class-work/contracts';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import { formatBytes } from '@klase/core/upload';
import { TextField } from '../../components/text-field.tsx';
import { UploadBox } from '../../components/upload-box.tsx';
import { useTone } from '../../components/tones.ts';
import type { MaterialFormState } from './material-form-values.ts';
import { uploadMaterialFile } from '../../api/materials-api.ts';
import { ANY_FILE_TYPE } from '@klase/core/upload';

type Form = UseFormReturnType<MaterialFormState>;

/** The editor (tiptap and its styles) loads only when a form needs it. */
const RichTextField = lazy(() => import('../../components/rich-text-editor.tsx').then((m) => ({ default: m.RichTextField })));

export const RichText = ({ form, field, label }: { form: Form; field: 'contentHtml' | 'instructions'; label: string }) => {
  const { t } = useTranslation('materials');
  const error = form.errors[field];
  return (
    <Suspense fallback={<Skeleton height={280} role="status" aria-label={t('form.editorLoading')} />}>
      <RichTextField
        label={label}
        value={form.values[field]}
        onChange={(html) => form.setFieldValue(field, html)}
        error={typeof error === 'string' ? error : null}
      />
    </Suspense>
  );
};

/** A date and a time field side by side (typed YYYY-MM-DD and HH:mm, each with its picker). */
const DateTimeFields = ({
  form,
  date,
  time,
  labels,
  hint,
}: {
  form: Form;
  date: 'dueDate' | 'availableDate';
  time: 'dueTime' | 'availableTime';
  labels: [string, string];
  hint: string;
}) => (
  <Stack gap={4}>
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextField label={labels[0]} dateMask {...form.getInputProps(date)} style={{ flex: '1 1 180px', minWidth: 0 }} />
      <TextField label={labels[1]} timeMask {...form.getInputProps(time)} style={{ flex: '1 1 140px', minWidth: 0 }} />
    </Group>
    <Text size="xs" c="dimmed">
      {hint}
    </Text>
  </Stack>
);

export const AvailableFromFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('materials');
  return (
    <DateTimeFields
      form={form}
      date="availableDate"
      time="availableTime"
      labels={[t('form.availableDate'), t('form.availableTime')]}
      hint={t('form.availableHint')}
    />
  );
};

export const DescriptionField = ({ form }: { form: Form }) => {
  const { t } = useTranslation('materials');
  return <Textarea label={t('form.description')} rows={3} maxLength={2000} {...form.getInputProps('description')} />;
};

export const UrlField = ({ form, type }: { form: Form; type: 'link' | 'video' }) => {
  const { t } = useTranslation('materials');
  return (
    <TextInput
      label={t(type === 'video' ? 'form.videoUrl' : 'form.url')}
      description={t(type === 'video' ? 'form.videoUrlHint' : 'form.urlHint')}
      placeholder="https://"
      type="url"
      inputMode="url"
      autoComplete="url"
      withAsterisk
      maxLength={2048}
      {...form.getInputProps('url')}
    />
  );
};

/** Assignments, quizzes and activities: instructions, due date and time, points, and what students do. */
export const GradedFields = ({ form, type }: { form: Form; type: 'assignment' | 'quiz' | 'activity' }) => {
  const { t } = useTranslation('materials');
  return (
    <>
      <RichText form={form} field="instructions" label={t('form.instructions')} />
      <DateTimeFields form={form} date="dueDate" time="dueTime" labels={[t('form.dueDate'), t('form.dueTime')]} hint={t('form.dueHint')} />
      <NumberInput
        label={t('form.maxPoints')}
        withAsterisk
        allowDecimal={false}
        allowNegative={false}
        max={1000}
        clampBehavior="none"
        style={{ maxWidth: 220 }}
        {...form.getInputProps('maxPoints')}
      />
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
        {t(`form.studentNote.${type}`)}
      </Alert>
    </>
  );
};

/** The file: the current one (when editing) and the box to choose a new one, uploaded at once with progress. */
export const FileField = ({ form, courseId, current }: { form: Form; courseId: string; current: MaterialDetails['file'] }) => {
  const { t } = useTranslation('materials');
  const danger = useTone('danger');
  const error = form.errors.uploadId;
  return (
    <Stack gap="xs">
      {current && <Text size="sm">{t('form.currentFile', { name: current.name, size: formatBytes(current.size) })}</Text>}
      <UploadBox
        label={current ? t('form.replaceFile') : t('form.file')}
        types={[ANY_FILE_TYPE]}
        maxBytes={FILE_MAX_BYTES}
        maxFiles={1}
        onUpload={async ([file], onProgress) => {
          if (!file) return;
          form.setFieldValue('uploadId', '');
          const answer = await uploadMaterialFile(courseId, file, onProgress);
          form.setFieldValue('uploadId', answer.uploadId);
          form.clearFieldError('uploadId');
        }}
        // Removing the chosen file drops its upload: the form keeps the current file (editing) or has none.
        onRemove={() => form.setFieldValue('uploadId', current?.uploadId ?? '')}
      />
      {typeof error === 'string' && (
        <Text role="alert" size="sm" c={danger}>
          {error}
        </Text>
      )}
    </Stack>
  );
};

/** The fields of one material type (name and available-from are shared and placed by the form). */
export const TypeFields = ({ form, type, courseId, material }: { form: Form; type: MaterialType; courseId: string; material: MaterialDetails | null }) => {
  const { t } = useTranslation('materials');
  switch (type) {
    case 'page':
      return <RichText form={form} field="contentHtml" label={t('form.content')} />;
    case 'file':
      return (
        <>
          <FileField form={form} courseId={courseId} current={material?.file ?? null} />
          <DescriptionField form={form} />
        </>
      );
    case 'link':
    case 'video':
      return (
        <>
          <UrlField form={form} type={type} />
          <DescriptionField form={form} />
        </>
      );
    default:
      return <GradedFields form={form} type={type} />;
  }
};
