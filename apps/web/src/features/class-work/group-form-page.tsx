import { useEffect, useState, type ReactNode } from 'react';
import { Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX, groupForm, type GroupDetails, type GroupForm } from '@klase/core/class-work/contracts';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { MembersPicker } from './group-members-picker.tsx';
import { GroupLoadState } from '../../components/group-load-state.tsx';
import { createGroupCall, updateGroupCall, useGroupQuery, useRefreshClassWork } from './work-api.ts';
import { FormActions } from '../../components/form-actions.tsx';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';

interface GroupFormState {
  name: string;
  description: string;
  memberIds: string[];
}

const DESCRIPTION_MAX = 500;
const CODE_FIELDS = { GROUP_EXISTS: 'name' };

/** Create or edit a group: name, description and members from the class's enrolled students. */
export const GroupFormView = ({ classId, group }: { classId: string; group: GroupDetails | null }) => {
  const { t } = useTranslation(['classWork', 'common']);
  const navigate = useNavigate();
  const refresh = useRefreshClassWork(classId);
  const zodValidate = useZodValidate<GroupForm>(groupForm);
  // Set after a save: the page then leaves for the group (and the leave guard stands down).
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const form = useForm<GroupFormState>({
    mode: 'controlled',
    initialValues: { name: group?.name ?? '', description: group?.description ?? '', memberIds: group?.members.map((m) => m.id) ?? [] },
    validate: zodValidate,
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: CODE_FIELDS, setErrors: form.setErrors });
  useLeaveGuard(() => savedTo === null && form.isDirty());
  useEffect(() => {
    if (savedTo) void navigate(savedTo);
  }, [navigate, savedTo]);
  const back = group ? paths.classGroup.to(classId, group.id) : paths.classGroups.to(classId);

  const submit = form.onSubmit((values) =>
    save(
      group ? { title: t('form.editTitle'), message: t('form.confirmEdit') } : { title: t('form.createTitle'), message: t('form.confirmCreate') },
      async () => {
        const body = groupForm.parse(values);
        const answer = group ? await updateGroupCall(classId, group.id, body) : await createGroupCall(classId, body);
        await refresh();
        toastSuccess(group ? t('form.updated') : t('form.created'));
        setSavedTo(paths.classGroup.to(classId, answer.id));
      },
    ),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SaveError error={error} />
          <TextInput label={t('form.name')} withAsterisk maxLength={GROUP_NAME_MAX} {...form.getInputProps('name')} />
          <Textarea label={t('form.description')} rows={3} maxLength={DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <MembersPicker
            classId={classId}
            value={form.values.memberIds}
            onChange={(ids) => form.setFieldValue('memberIds', ids)}
            error={typeof form.errors.memberIds === 'string' ? form.errors.memberIds : undefined}
          />
          <FormActions onCancel={() => navigate(back)} busy={busy} />
        </Stack>
      </form>
    </Paper>
  );
};

const FormFrame = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack gap="md" maw={860}>
    <Title order={2} size="h3">
      {title}
    </Title>
    {children}
  </Stack>
);

/** `class-list/create-group`. */
export const GroupCreatePage = () => {
  const { t } = useTranslation('classWork');
  const { id = '' } = useParams();
  return (
    <FormFrame title={t('form.createTitle')}>
      <GroupFormView classId={id} group={null} />
    </FormFrame>
  );
};

/** `class-list/group/:groupId/edit`; an unknown group is the not-found page. */
export const GroupEditPage = () => {
  const { t } = useTranslation('classWork');
  const { id = '', groupId = '' } = useParams();
  const group = useGroupQuery(id, groupId);
  return (
    <FormFrame title={t('form.editTitle')}>
      <GroupLoadState query={group}>{(g) => <GroupFormView classId={id} group={g} />}</GroupLoadState>
    </FormFrame>
  );
};
