import { useState } from 'react';
import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CANDIDATES_LIMIT, type StudentCandidate } from '@klase/core/classes/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { addStudentsCall, useStudentCandidates } from './roster-api.ts';

interface AddStudentsDialogProps {
  classId: string;
  opened: boolean;
  onClose: () => void;
  /** Called after students were added (the table and counts reload). */
  onAdded: () => Promise<unknown>;
}

const hintOf = (c: StudentCandidate) => [c.username, c.gradeLevel, c.section].filter(Boolean).join(' · ');

/** The dialog's body, mounted only while it is open so every opening starts empty. */
const AddStudentsBody = ({ classId, onClose, onAdded }: Omit<AddStudentsDialogProps, 'opened'>) => {
  const { t } = useTranslation(['classList', 'common']);
  const confirm = useConfirm();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [picked, setPicked] = useState<StudentCandidate[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const candidates = useStudentCandidates(classId, debounced, true);

  const pickedIds = new Set(picked.map((c) => c.id));
  // Picked students stay listed (and can be unticked) while the search shows others.
  const list = [...picked, ...(candidates.data ?? []).filter((c) => !pickedIds.has(c.id))];
  const toggle = (c: StudentCandidate, on: boolean) => setPicked((p) => (on ? [...p, c] : p.filter((x) => x.id !== c.id)));

  const add = async () => {
    if (!(await confirm({ title: t('add.title'), message: t('add.confirm', { count: picked.length }), confirmLabel: t('add.submit') }))) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await addStudentsCall(
        classId,
        picked.map((c) => c.id),
      );
      toastSuccess(answer.message);
      await onAdded();
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('add.intro')}</Text>
      <TextInput
        label={t('add.search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        data-autofocus
      />
      <Text size="sm" fw={500} aria-live="polite">
        {t('add.selected', { count: picked.length })}
      </Text>
      <ScrollArea.Autosize mah={320} type="auto" aria-busy={candidates.isFetching}>
        {list.length === 0 ? (
          candidates.isPending ? null : candidates.isError ? (
            <ErrorText error={candidates.error} />
          ) : (
            <EmptyState text={debounced ? t('add.noMatch') : t('add.noneLeft')} />
          )
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((c) => (
              <li key={c.id}>
                <Checkbox label={c.name} description={hintOf(c)} checked={pickedIds.has(c.id)} onChange={(e) => toggle(c, e.currentTarget.checked)} />
              </li>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
      {(candidates.data?.length ?? 0) >= CANDIDATES_LIMIT && (
        <Text size="xs" c="dimmed">
          {t('add.more', { count: CANDIDATES_LIMIT })}
        </Text>
      )}
      <ErrorText error={error} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button onClick={() => void add()} disabled={picked.length === 0} loading={busy}>
          {t('add.submitCount', { count: picked.length })}
        </Button>
      </Group>
    </Stack>
  );
};

/** "Add students": search the school's students who are not in the class, tick several, confirm. */
export const AddStudentsDialog = ({ opened, ...props }: AddStudentsDialogProps) => {
  const { t } = useTranslation('classList');
  return (
    <Modal opened={opened} onClose={props.onClose} title={t('add.title')} size="lg" centered closeButtonProps={{ 'aria-label': t('common:close') }}>
      {opened && <AddStudentsBody {...props} />}
    </Modal>
  );
};
