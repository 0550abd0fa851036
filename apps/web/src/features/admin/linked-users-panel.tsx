import { useState } from 'react';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LinkedUser, UserDetails } from '@klase/core/admin/users';
import { ROLE } from '@klase/core/roles';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { linkUserCall, unlinkUserCall, userKeys } from './users-api.ts';
import { UserPicker } from './user-picker.tsx';

type Pending = { kind: 'link' | 'unlink'; other: { id: string; name: string } } | null;

/** A student's parents or a parent's students: link (pick, confirm) and unlink (confirm). */
export const LinkedUsersPanel = ({ user, canWrite }: { user: UserDetails; canWrite: boolean }) => {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending>(null);
  const isStudent = user.roleId === ROLE.student;
  const linked: LinkedUser[] = isStudent ? user.parents : user.students;
  const title = isStudent ? t('users.linkedParents') : t('users.linkedStudents');

  const run = async () => {
    if (!pending) return;
    const saved = pending.kind === 'link' ? await linkUserCall(user.id, pending.other.id) : await unlinkUserCall(user.id, pending.other.id);
    queryClient.setQueryData(userKeys.one(user.id), saved);
    toastSuccess(pending.kind === 'link' ? t('users.linked', { name: pending.other.name }) : t('users.unlinked', { name: pending.other.name }));
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {linked.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('users.noLinks')}
          </Text>
        ) : (
          <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {linked.map((l) => (
              <Group key={l.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Group gap="xs">
                  <Anchor component={Link} to={paths.adminUser.to(l.id)}>
                    {l.name}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {l.username}
                  </Text>
                  <StatusBadge status={l.active ? 'active' : 'inactive'} size="sm" />
                </Group>
                {canWrite && (
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('users.unlinkNamed', { name: l.name })}
                    onClick={() => setPending({ kind: 'unlink', other: l })}
                  >
                    {t('users.unlink')}
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        )}
        {canWrite && user.schoolId && (
          <UserPicker
            label={isStudent ? t('users.linkParent') : t('users.linkStudent')}
            role={isStudent ? ROLE.parent : ROLE.student}
            schoolId={user.schoolId}
            exclude={linked.map((l) => l.id)}
            onPick={(o) => setPending({ kind: 'link', other: { id: o.id, name: o.name } })}
          />
        )}
      </Stack>
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === 'unlink' ? t('users.unlinkTitle') : t('users.linkTitle')}
        message={
          pending?.kind === 'unlink' ? t('users.unlinkConfirm', { name: pending.other.name }) : t('users.linkConfirm', { name: pending?.other.name ?? '' })
        }
        confirmLabel={pending?.kind === 'unlink' ? t('users.unlink') : t('users.link')}
        danger={pending?.kind === 'unlink'}
        onConfirm={run}
        onClose={() => setPending(null)}
      />
    </Paper>
  );
};
