import { useEffect, useState } from 'react';
import { Anchor, Group, NumberInput, Paper, Radio, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  assignmentSettingsForm,
  MAX_FILE_MB_LIMIT,
  MAX_FILES_LIMIT,
  SUBMISSION_TYPES,
  type AssignmentSettings,
  type AssignmentSettingsForm,
} from '@klase/core/assignments/contracts';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { paths } from '../../config/paths.ts';
import { DateText } from '../../components/date-text.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useReloadGeneration } from '../../components/edit-conflict.tsx';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { Loaded } from './graded-viewer.tsx';
import { assignmentCalls, assignmentKeys, useAssignmentSettings } from './assignments-api.ts';
import { MaterialPage, PageFrame, materialHref } from '../../components/page-frame.tsx';
import { lateUntilProblem, stateFromSettings, stateToSettings, toSettingsErrors, type SettingsFormState } from './settings-values.ts';
import { FileList, FileUploader } from './work-parts.tsx';

type Form = UseFormReturnType<SettingsFormState>;

/** A date and a time field side by side (typed YYYY-MM-DD and HH:mm, each with its picker). */
const DateTime = ({
  form,
  date,
  time,
  labels,
  hint,
}: {
  form: Form;
  date: 'openDate' | 'lateDate';
  time: 'openTime' | 'lateTime';
  labels: [string, string];
  hint: string;
}) => (
  <Stack gap={4}>
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextField label={labels[0]} dateMask {...form.getInputProps(date)} style={{ flex: '1 1 180px', minWidth: 0 }} />
      <TextField label={labels[1]} timeMask {...form.getInputProps(time)} style={{ flex: '1 1 140px', minWidth: 0 }} />
    </Group>
    <Text size="xs">{hint}</Text>
  </Stack>
);

/** How many files a student may hand in, and how large each may be. */
const FileLimits = ({ form }: { form: Form }) => {
  const { t } = useTranslation('assignments');
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <NumberInput
        label={t('settings.maxFiles')}
        description={t('settings.maxFilesHint', { max: MAX_FILES_LIMIT })}
        withAsterisk
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        style={{ flex: '1 1 200px', maxWidth: 260 }}
        {...form.getInputProps('maxFiles')}
      />
      <NumberInput
        label={t('settings.maxFileMb')}
        description={t('settings.maxFileMbHint', { max: MAX_FILE_MB_LIMIT })}
        withAsterisk
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        style={{ flex: '1 1 200px', maxWidth: 260 }}
        {...form.getInputProps('maxFileMb')}
      />
    </Group>
  );
};

const SettingsForm = ({ material, settings, onReload }: { material: MaterialDetails; settings: AssignmentSettings; onReload: () => unknown }) => {
  const { t } = useTranslation(['assignments', 'validation']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const zodValidate = useZodValidate<AssignmentSettingsForm>(assignmentSettingsForm);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const back = materialHref(material);
  const form = useForm<SettingsFormState>({
    mode: 'controlled',
    initialValues: stateFromSettings(settings),
    validate: (values) => {
      const body = stateToSettings(values);
      const errors = toSettingsErrors(zodValidate(body));
      const late = lateUntilProblem(body, settings.dueAt);
      if (late && !errors.lateDate) errors.lateDate = t(`validation:${late}`);
      return errors;
    },
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({
    codeFields: {},
    setErrors: (errors) => form.setErrors(toSettingsErrors(errors)),
    onReload,
  });
  useLeaveGuard(savedTo === null && form.isDirty());
  useEffect(() => {
    if (savedTo) void navigate(savedTo);
  }, [navigate, savedTo]);

  const submit = form.onSubmit((values) =>
    save({ title: t('settings.confirmTitle'), message: t('settings.confirmMessage') }, async (overwrite) => {
      const saved = await assignmentCalls.saveSettings(material.id, {
        ...assignmentSettingsForm.parse(stateToSettings(values)),
        version: settings.version,
        overwrite,
      });
      queryClient.setQueryData(assignmentKeys.settings(material.id), saved);
      await queryClient.invalidateQueries({ queryKey: assignmentKeys.material(material.id) });
      toastSuccess(t('settings.saved'));
      setSavedTo(back);
    }),
  );
  const filesAllowed = form.values.submissionType !== 'text';

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SaveError error={error} />
          <Text size="sm" data-testid="settings-due">
            {t('settings.dueLabel')} {settings.dueAt ? <DateText value={settings.dueAt} /> : t('schedule.noDue')}.{' '}
            <Anchor component={Link} to={paths.classMaterialEdit.to(material.classId ?? '', material.courseId, material.id)} size="sm">
              {t('settings.dueEdit')}
            </Anchor>
          </Text>
          <DateTime form={form} date="openDate" time="openTime" labels={[t('settings.openDate'), t('settings.openTime')]} hint={t('settings.openHint')} />
          <Switch label={t('settings.allowLate')} description={t('settings.allowLateHint')} {...form.getInputProps('allowLate', { type: 'checkbox' })} />
          {form.values.allowLate && (
            <DateTime form={form} date="lateDate" time="lateTime" labels={[t('settings.lateDate'), t('settings.lateTime')]} hint={t('settings.lateHint')} />
          )}
          <Radio.Group label={t('settings.submissionType')} withAsterisk {...form.getInputProps('submissionType')}>
            <Group gap="md" mt={6}>
              {SUBMISSION_TYPES.map((type) => (
                <Radio key={type} value={type} label={t(`submissionTypes.${type}`)} />
              ))}
            </Group>
          </Radio.Group>
          {filesAllowed && <FileLimits form={form} />}
          <FormActions onCancel={() => navigate(back)} busy={busy} />
        </Stack>
      </form>
    </Paper>
  );
};

/** The teacher's files for students: added at once (streamed with progress), removed after a confirmation. */
const Attachments = ({ settings }: { settings: AssignmentSettings }) => {
  const { t } = useTranslation('assignments');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: assignmentKeys.material(settings.materialId) });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="assignment-attachments">
      <Stack gap="sm">
        <Title order={3} size="h4" id="assignment-attachments">
          {t('settings.attachments')}
        </Title>
        <Text size="sm">{t('settings.attachmentsHint')}</Text>
        {settings.attachments.length === 0 && <Text size="sm">{t('settings.noAttachments')}</Text>}
        <FileList
          files={settings.attachments}
          label={t('settings.attachments')}
          onRemove={(f) => assignmentCalls.removeAttachment(settings.materialId, f.id).then(refresh)}
        />
        <FileUploader
          label={t('settings.addAttachments')}
          upload={(file, onProgress) => assignmentCalls.addAttachment(settings.materialId, file, onProgress)}
          maxFiles={MAX_FILES_LIMIT}
          maxBytes={FILE_MAX_BYTES}
          onDone={refresh}
        />
      </Stack>
    </Paper>
  );
};

const SettingsBody = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('assignments');
  const settings = useAssignmentSettings(material.id);
  const [generation, reloaded] = useReloadGeneration();
  return (
    <PageFrame back={{ to: materialHref(material), label: t('settings.back') }} title={t('titles.settings')} subtitle={material.name}>
      {/* The form starts from the version the server has now, not one cached on an earlier visit. */}
      <Loaded query={{ data: settings.data, error: settings.error, isPending: settings.isPending || (settings.isFetching && !settings.isFetchedAfterMount) }}>
        {(s) => (
          <Stack gap="md">
            {/* The form keeps what the teacher typed while attachments come and go. */}
            <SettingsForm
              key={`${material.id}/${generation}`}
              material={material}
              settings={s}
              onReload={async () => {
                await settings.refetch();
                reloaded();
              }}
            />
            <Attachments settings={s} />
          </Stack>
        )}
      </Loaded>
    </PageFrame>
  );
};

/** `classes/:id/courses/:courseId/assignment-settings/:materialId` (teachers of the class). */
export const AssignmentSettingsPage = () => <MaterialPage type="assignment">{(m) => <SettingsBody material={m} />}</MaterialPage>;
