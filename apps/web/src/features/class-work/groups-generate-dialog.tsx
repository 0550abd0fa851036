import { useId, useState } from 'react';
import { Alert, Button, Group, List, Modal, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsShuffle, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  GROUP_NAME_MAX,
  GROUP_SPLIT_MAX,
  SPLIT_BY,
  SPLIT_ORDER,
  groupSplitRequest,
  type GroupSplitRequest,
  type SplitBy,
  type SplitOrder,
  type SplitPreview,
} from '@klase/core/class-work/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { NARROW_QUERY } from '../../components/data-table/types.ts';
import { useErrorMessage } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useFieldIssueMessages, useZodValidate } from '../../lib/zod-form.ts';
import { previewSplitCall, saveGeneratedCall, useRefreshClassWork } from './work-api.ts';

interface SplitState {
  by: SplitBy;
  /** A number, or '' / a partial text while the field is being typed in. */
  size: number | string;
  order: SplitOrder;
  prefix: string;
}

const toRequest = (v: SplitState): GroupSplitRequest => ({ ...v, size: typeof v.size === 'number' ? v.size : (undefined as unknown as number) });

const FORM_FIELDS = new Set(['by', 'size', 'order', 'prefix']);

interface Shown {
  request: GroupSplitRequest;
  preview: SplitPreview;
}

/** A labelled SegmentedControl (it is a radio group: the label names the group). */
const Choice = <T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (v: T) => void;
}) => {
  const labelId = useId();
  // Phones stack the choices: two long labels side by side do not fit in 360 px.
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        data={options}
        value={value}
        onChange={(v) => onChange(v as T)}
        fullWidth
        orientation={narrow ? 'vertical' : 'horizontal'}
      />
    </Stack>
  );
};

const PreviewGroups = ({ preview }: { preview: SplitPreview }) => {
  const { t } = useTranslation('classWork');
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('generate.previewTitle', { groups: preview.groups.length, students: preview.studentCount })}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" data-testid="split-preview">
        {preview.groups.map((g) => (
          <Paper key={g.name} withBorder p="sm" radius="md">
            <Text fw={700} size="sm" component="h4" m={0}>
              {g.name} ({g.members.length})
            </Text>
            <List size="sm" mt={4} aria-label={g.name}>
              {g.members.map((m) => (
                <List.Item key={m.id}>{m.name}</List.Item>
              ))}
            </List>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
};

/** The groups as shown in the preview, to be saved exactly so. */
const savedGroups = ({ request: { by, size, order }, preview }: Shown) => ({
  by,
  size,
  order,
  groups: preview.groups.map((g) => ({ name: g.name, memberIds: g.members.map((m) => m.id) })),
});

/** The split's fields: by groups or by members, the order, the number and the name prefix. */
const SplitFields = ({ form }: { form: UseFormReturnType<SplitState> }) => {
  const { t } = useTranslation('classWork');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <Choice
        label={t('generate.by')}
        value={form.values.by}
        options={SPLIT_BY.map((v) => ({ value: v, label: t(`generate.byOptions.${v}`) }))}
        onChange={(v) => form.setFieldValue('by', v)}
      />
      <Choice
        label={t('generate.order')}
        value={form.values.order}
        options={SPLIT_ORDER.map((v) => ({ value: v, label: t(`generate.orderOptions.${v}`) }))}
        onChange={(v) => form.setFieldValue('order', v)}
      />
      <NumberInput
        label={form.values.by === 'groups' ? t('generate.groupCount') : t('generate.maxMembers')}
        description={t('generate.sizeHint', { max: GROUP_SPLIT_MAX })}
        withAsterisk
        allowDecimal={false}
        {...form.getInputProps('size')}
      />
      <TextInput
        label={t('generate.prefix')}
        description={t('generate.prefixHint')}
        withAsterisk
        maxLength={GROUP_NAME_MAX - 4}
        {...form.getInputProps('prefix')}
      />
    </SimpleGrid>
  );
};

/** The split form; any change drops the preview, so what is saved is always what was last shown. */
const useSplitForm = (onChange: () => void) => {
  const { t } = useTranslation('classWork');
  const zodValidate = useZodValidate<GroupSplitRequest>(groupSplitRequest);
  const initial: SplitState = { by: 'groups', size: 2, order: 'random', prefix: t('generate.defaultPrefix') };
  const form = useForm<SplitState>({
    mode: 'controlled',
    initialValues: initial,
    validate: (values) => zodValidate(toRequest(values)),
    onValuesChange: onChange,
    validateInputOnBlur: true,
  });
  return { form, initial };
};

/** The dialog's state: the form, the preview shown, the busy button, and previewing, saving and closing. */
const useGenerateGroups = (classId: string, onClose: () => void) => {
  const { t } = useTranslation(['classWork', 'common']);
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const fieldMessages = useFieldIssueMessages();
  const refresh = useRefreshClassWork(classId);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { form, initial } = useSplitForm(() => setShown(null));

  /** Field problems go under their field (GROUP_EXISTS under the prefix); anything else above the buttons. */
  const fail = (e: unknown) => {
    const all = isApiError(e) ? fieldMessages(e.fields) : {};
    if (isApiError(e) && e.code === 'GROUP_EXISTS') all.prefix = errorMessage(e);
    const fields = Object.fromEntries(Object.entries(all).filter(([path]) => FORM_FIELDS.has(path)));
    form.setErrors(fields);
    // A problem with no field in this form (the groups themselves) is said above the buttons.
    setError(Object.keys(fields).length > 0 ? null : (Object.values(all)[0] ?? errorMessage(e)));
  };

  /** A server call with its button busy; a failed preview is no longer shown. */
  const run = async (kind: 'preview' | 'save', task: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await task();
    } catch (e) {
      if (kind === 'preview') setShown(null);
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  const reset = () => {
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    setShown(null);
    setError(null);
    onClose();
  };

  const close = async () => {
    if (busy === 'save') return;
    if (
      (form.isDirty() || shown) &&
      !(await confirm({ title: t('common:discard.title'), message: t('common:discard.message'), confirmLabel: t('common:discard.confirm') }))
    )
      return;
    reset();
  };

  const preview = async (values: SplitState) => {
    const request = groupSplitRequest.parse(toRequest(values));
    await run('preview', async () => setShown({ request, preview: await previewSplitCall(classId, request) }));
  };

  const save = async () => {
    if (!shown) return;
    if (!(await confirm({ title: t('generate.title'), message: t('generate.saveConfirm', { count: shown.preview.groups.length }) }))) return;
    await run('save', async () => {
      const answer = await saveGeneratedCall(classId, savedGroups(shown));
      toastSuccess(answer.message);
      await refresh();
      reset();
    });
  };

  return { form, shown, busy, error, close, preview, save };
};

/**
 * "Generate groups": split the class's students by a number of groups or by a maximum number of
 * members, at random or alphabetically; the server previews the split, and "Save groups" stores
 * exactly the groups that were shown. Full screen on phones.
 */
export const GenerateGroupsDialog = ({ classId, opened, onClose }: { classId: string; opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation(['classWork', 'common']);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const { form, shown, busy, error, close, preview, save } = useGenerateGroups(classId, onClose);

  return (
    // Composed so the header is a plain div: a second <header> would be a second banner landmark.
    <Modal.Root opened={opened} onClose={() => void close()} size="xl" fullScreen={narrow} centered={!narrow}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{t('generate.title')}</Modal.Title>
          <Modal.CloseButton aria-label={t('common:close')} />
        </Modal.Header>
        <Modal.Body>
          <form onSubmit={form.onSubmit((values) => void preview(values))} noValidate>
            <Stack gap="md">
              <Text size="sm">{t('generate.intro')}</Text>
              <SplitFields form={form} />
              {error && (
                <Alert color="red" variant="light" role="alert" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
                  {error}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                {shown && form.values.order === 'random' && (
                  <Button
                    variant="default"
                    leftSection={<IconArrowsShuffle size={16} aria-hidden="true" />}
                    loading={busy === 'preview'}
                    disabled={busy === 'save'}
                    onClick={() => void preview(form.values)}
                  >
                    {t('generate.shuffle')}
                  </Button>
                )}
                {!shown && (
                  <Button type="submit" variant="light" leftSection={<IconEye size={16} aria-hidden="true" />} loading={busy === 'preview'}>
                    {t('generate.preview')}
                  </Button>
                )}
              </Group>
              {shown && <PreviewGroups preview={shown.preview} />}
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={() => void close()} disabled={busy === 'save'}>
                  {t('common:cancel')}
                </Button>
                <Button onClick={() => void save()} disabled={!shown || busy === 'preview'} loading={busy === 'save'}>
                  {t('generate.save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
};
