import { Center, Group, Loader, NativeSelect, Stack, Switch } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  ANNOUNCEMENT_TITLE_MAX,
  announcementForm,
  type AnnouncementForm,
  type AnnouncementOptions,
  type AnnouncementRow,
} from '@klase/core/announcements/contracts';
import { FormActions } from '../../components/form-actions.tsx';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { RichTextField } from '../../components/rich-text-editor.tsx';
import { TextField } from '../../components/text-field.tsx';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { saveAnnouncementCall, useAnnouncementOptions, useRefreshAnnouncements } from './announcements-api.ts';
import { inputOf, stateOf, toFormErrors, type AnnouncementState } from './announcement-form-state.ts';

export interface AnnouncementDialogProps {
  /** The one to edit; null: a new one. */
  announcement: AnnouncementRow | null;
  onClose: () => void;
}

type Form = UseFormReturnType<AnnouncementState>;

/** Audience, and the class or course it needs, from the places the caller may announce to. */
const AudienceFields = ({ form, options }: { form: Form; options: AnnouncementOptions }) => {
  const { t } = useTranslation('announcements');
  const choose = { value: '', label: t('form.choose'), disabled: true };
  const audience = form.values.audience;
  const place = (field: 'classId' | 'courseId', items: readonly { id: string; name: string }[]) => (
    <NativeSelect
      label={t(field === 'classId' ? 'form.class' : 'form.course')}
      withAsterisk
      data={[choose, ...items.map((c) => ({ value: c.id, label: c.name }))]}
      {...form.getInputProps(field)}
    />
  );
  return (
    <>
      <NativeSelect
        label={t('form.audience')}
        withAsterisk
        data={options.audiences.map((a) => ({ value: a, label: t(`audiences.${a}`) }))}
        {...form.getInputProps('audience')}
      />
      {audience === 'class' && place('classId', options.classes)}
      {audience === 'course' && place('courseId', options.courses)}
    </>
  );
};

/** Start and end, each a date and a time (empty start: now; empty end: until deleted). */
const WhenFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('announcements');
  const pair = (date: 'startDate' | 'endDate', time: 'startTime' | 'endTime', hint: string) => (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextField label={t(`form.${date}`)} description={hint} dateMask {...form.getInputProps(date)} style={{ flex: '1 1 170px', minWidth: 0 }} />
      <TextField label={t(`form.${time}`)} timeMask {...form.getInputProps(time)} style={{ flex: '1 1 130px', minWidth: 0 }} />
    </Group>
  );
  return (
    <>
      {pair('startDate', 'startTime', t('form.startHint'))}
      {pair('endDate', 'endTime', t('form.endHint'))}
    </>
  );
};

const AnnouncementFormBody = ({ announcement, options, onClose }: AnnouncementDialogProps & { options: AnnouncementOptions }) => {
  const { t } = useTranslation('announcements');
  const refresh = useRefreshAnnouncements();
  const zodValidate = useZodValidate<AnnouncementForm>(announcementForm);
  const form = useForm<AnnouncementState>({
    mode: 'controlled',
    initialValues: stateOf(announcement, options.audiences[0] ?? 'class'),
    validate: (values) => toFormErrors(zodValidate(inputOf(values))),
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: (errors) => form.setErrors(toFormErrors(errors)) });
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const editing = announcement !== null;

  const submit = form.onSubmit((values) =>
    save({ title: t(editing ? 'form.editTitle' : 'form.createTitle'), message: t(editing ? 'form.confirmEdit' : 'form.confirmCreate') }, async () => {
      await saveAnnouncementCall(announcement?.id ?? null, announcementForm.parse(inputOf(values)));
      await refresh();
      toastSuccess(t(editing ? 'form.updated' : 'form.created'));
      onClose();
    }),
  );

  return (
    <FormModal opened title={t(editing ? 'form.editTitle' : 'form.createTitle')} onClose={() => void cancel()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <TextField label={t('form.title')} required maxLength={ANNOUNCEMENT_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
          <RichTextField
            label={t('form.body')}
            value={form.values.bodyHtml}
            onChange={(html) => form.setFieldValue('bodyHtml', html)}
            error={typeof form.errors.bodyHtml === 'string' ? form.errors.bodyHtml : null}
            stickyOffset={0}
          />
          <AudienceFields form={form} options={options} />
          <WhenFields form={form} />
          <Switch label={t('form.email')} description={t('form.emailHint')} {...form.getInputProps('email', { type: 'checkbox' })} />
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};

/** Create or edit an announcement: checked with the shared schema, saved after a confirmation, with a success message. */
export const AnnouncementDialog = ({ announcement, onClose }: AnnouncementDialogProps) => {
  const { t } = useTranslation('announcements');
  const options = useAnnouncementOptions();
  if (options.data) return <AnnouncementFormBody announcement={announcement} options={options.data} onClose={onClose} />;
  return (
    <FormModal opened title={t(announcement ? 'form.editTitle' : 'form.createTitle')} onClose={onClose}>
      {options.isError ? (
        <ErrorText error={options.error} />
      ) : (
        <Center py="lg">
          <Loader size="sm" role="progressbar" aria-label={t('loading')} />
        </Center>
      )}
    </FormModal>
  );
};
