import { useState } from 'react';
import { ActionIcon, Button, Divider, Group, Modal, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CATEGORIES_MAX, CATEGORY_NAME_MAX, categoryForm, type DiscussionCategory } from '@klase/core/discussions/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { ErrorText, useErrorMessage } from '../../components/error-text.tsx';
import { useTone } from '../../components/tones.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useSaveErrors } from '../../lib/use-save-errors.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { createCategory, deleteCategory, discussionKeys, getSettings, renameCategory, saveSettings, useCategories } from './discussions-api.ts';
import { onSubmitWith } from './submit.ts';

/** A category name field with its save and cancel buttons (add or rename), checked with the contract's schema. */
const NameForm = ({
  initial,
  label,
  onSave,
  onCancel,
}: {
  initial: string;
  label: string;
  onSave: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation(['discussions', 'common']);
  const validate = useZodValidate<{ name: string }>(categoryForm);
  const saveErrors = useSaveErrors({});
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = validate({ name: name.trim() }).name;
    setError(problem ?? null);
    if (problem) return;
    setBusy(true);
    try {
      await onSave(name.trim());
      setName('');
    } catch (e) {
      const r = saveErrors(e);
      setError(r.fields.name ?? r.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form noValidate onSubmit={onSubmitWith(submit)}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          label={label}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          maxLength={CATEGORY_NAME_MAX}
          style={{ flex: 1 }}
        />
        <ActionIcon type="submit" size="lg" mt={24} loading={busy} aria-label={t('common:save')}>
          {onCancel ? <IconCheck size={18} aria-hidden="true" /> : <IconPlus size={18} aria-hidden="true" />}
        </ActionIcon>
        {onCancel && (
          <ActionIcon variant="default" size="lg" mt={24} onClick={onCancel} aria-label={t('common:cancel')}>
            <IconX size={18} aria-hidden="true" />
          </ActionIcon>
        )}
      </Group>
    </form>
  );
};

/** One category: its name and post count, rename and delete (confirmed). */
const CategoryRow = ({ courseId, category }: { courseId: string; category: DiscussionCategory }) => {
  const { t } = useTranslation('discussions');
  const client = useQueryClient();
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const danger = useTone('danger');
  const [editing, setEditing] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: discussionKeys.course(courseId) });
  const rename = async (name: string) => {
    await renameCategory(courseId, category.id, name);
    await refresh();
    setEditing(false);
    toastSuccess(t('settings.renamed'));
  };
  const remove = async () => {
    if (!(await confirm({ message: t('settings.deleteConfirm', { name: category.name }), confirmLabel: t('settings.delete'), danger: true }))) return;
    try {
      await deleteCategory(courseId, category.id);
      await refresh();
      toastSuccess(t('settings.deleted'));
    } catch (e) {
      toastError(errorMessage(e));
    }
  };
  if (editing)
    return <NameForm initial={category.name} label={t('settings.rename', { name: category.name })} onSave={rename} onCancel={() => setEditing(false)} />;
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {category.name} · {t('settings.postCount', { count: category.postCount })}
      </Text>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" onClick={() => setEditing(true)} aria-label={t('settings.rename', { name: category.name })}>
          <IconPencil size={16} aria-hidden="true" />
        </ActionIcon>
        <ActionIcon variant="subtle" color="red" c={danger} onClick={() => void remove()} aria-label={t('settings.deleteLabel', { name: category.name })}>
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Group>
  );
};

/** "Parents can read": saved as soon as it is switched. */
const ParentsReadSwitch = ({ courseId }: { courseId: string }) => {
  const { t } = useTranslation('discussions');
  const client = useQueryClient();
  const settings = useQuery({ queryKey: discussionKeys.settings(courseId), queryFn: () => getSettings(courseId) });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const change = async (parentsRead: boolean) => {
    setBusy(true);
    setError(null);
    try {
      client.setQueryData(discussionKeys.settings(courseId), await saveSettings(courseId, { parentsRead }));
      toastSuccess(parentsRead ? t('settings.parentsOn') : t('settings.parentsOff'));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <Switch
        label={t('settings.parentsRead')}
        description={t('settings.parentsReadHint')}
        checked={settings.data?.parentsRead ?? false}
        disabled={!settings.data || busy}
        onChange={(e) => void change(e.currentTarget.checked)}
      />
      <ErrorText error={error ?? settings.error} />
    </Stack>
  );
};

/** The course's discussion settings for its teachers: categories (add, rename, delete) and whether parents read. */
export const DiscussionSettingsDialog = ({ courseId, onClose }: { courseId: string; onClose: () => void }) => {
  const { t } = useTranslation(['discussions', 'common']);
  const client = useQueryClient();
  const categories = useCategories(courseId);
  const items = categories.data?.items ?? [];
  const add = async (name: string) => {
    await createCategory(courseId, name);
    await client.invalidateQueries({ queryKey: discussionKeys.categories(courseId) });
    toastSuccess(t('settings.added'));
  };
  return (
    <Modal opened onClose={onClose} title={t('settings.title')} size="md" closeButtonProps={{ 'aria-label': t('common:close') }}>
      <Stack gap="md">
        <ParentsReadSwitch courseId={courseId} />
        <Divider />
        <Title order={3} size="h5">
          {t('settings.categories')}
        </Title>
        <ErrorText error={categories.error} />
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((c) => (
            <CategoryRow key={c.id} courseId={courseId} category={c} />
          ))}
        </Stack>
        {items.length < CATEGORIES_MAX && <NameForm initial="" label={t('settings.newCategory')} onSave={add} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
