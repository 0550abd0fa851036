import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { IconDots, IconEye, IconEyeOff, IconLock, IconLockOpen, IconPencil, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PostDetails } from '@klase/core/discussions/contracts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { useErrorMessage } from '../../components/error-text.tsx';
import { useTone } from '../../components/tones.ts';
import { paths } from '../../config/paths.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { deletePost, discussionKeys, togglePost, type PostToggle } from './discussions-api.ts';
import { dropPost, putPost } from './discussions-cache.ts';

/** The confirmation, the call and the success message of one action; false when cancelled or failed. */
export const useConfirmedAction = () => {
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  return async (opts: { message: string; confirmLabel: string; danger?: boolean; run: () => Promise<unknown>; done: string }) => {
    if (!(await confirm({ message: opts.message, confirmLabel: opts.confirmLabel, danger: opts.danger }))) return false;
    try {
      await opts.run();
      toastSuccess(opts.done);
      return true;
    } catch (e) {
      toastError(errorMessage(e));
      return false;
    }
  };
};

const TOGGLES: { what: PostToggle; flag: 'pinned' | 'locked' | 'hidden'; on: typeof IconPin; off: typeof IconPin }[] = [
  { what: 'pin', flag: 'pinned', on: IconPin, off: IconPinnedOff },
  { what: 'lock', flag: 'locked', on: IconLock, off: IconLockOpen },
  { what: 'hide', flag: 'hidden', on: IconEyeOff, off: IconEye },
];

/** Pin, lock, hide (and their undoing) for the course's teachers, each confirmed. */
const ModerationMenu = ({ post, onDelete }: { post: PostDetails; onDelete: () => void }) => {
  const { t } = useTranslation('discussions');
  const client = useQueryClient();
  const act = useConfirmedAction();
  const danger = useTone('danger');
  const toggle = (what: PostToggle, on: boolean) =>
    act({
      message: t(`moderation.${what}.${on ? 'on' : 'off'}Confirm`),
      confirmLabel: t(`moderation.${what}.${on ? 'on' : 'off'}`),
      run: async () => putPost(client, await togglePost(post.id, what, on)),
      done: t(`moderation.${what}.${on ? 'on' : 'off'}Done`),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={t('moderation.menu')}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {TOGGLES.map(({ what, flag, on, off }) => {
          const Icon = post[flag] ? off : on;
          return (
            <Menu.Item key={what} leftSection={<Icon size={16} aria-hidden="true" />} onClick={() => void toggle(what, !post[flag])}>
              {t(`moderation.${what}.${post[flag] ? 'off' : 'on'}`)}
            </Menu.Item>
          );
        })}
        {post.canDelete && (
          <Menu.Item color="red" c={danger} leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={onDelete}>
            {t('post.delete')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
};

/** The post's buttons: edit (its author), delete (its author or a moderator), the moderation menu (moderators). */
export const PostActions = ({ post, onEdit }: { post: PostDetails; onEdit: () => void }) => {
  const { t } = useTranslation('discussions');
  const { id = '', courseId = '' } = useParams();
  const client = useQueryClient();
  const navigate = useNavigate();
  const act = useConfirmedAction();
  const remove = async () => {
    const done = await act({
      message: t('post.deleteConfirm'),
      confirmLabel: t('post.delete'),
      danger: true,
      run: () => deletePost(post.id),
      done: t('post.deleted'),
    });
    if (!done) return;
    dropPost(client, post.courseId, post.id);
    client.removeQueries({ queryKey: discussionKeys.post(post.id) });
    await navigate(paths.classDiscussions.to(id, courseId));
  };
  return (
    <Group gap="xs">
      {post.canEdit && (
        <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={onEdit}>
          {t('post.edit')}
        </Button>
      )}
      {post.canModerate ? (
        <ModerationMenu post={post} onDelete={() => void remove()} />
      ) : (
        post.canDelete && (
          <Button variant="outline" color="red.9" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => void remove()}>
            {t('post.delete')}
          </Button>
        )
      )}
    </Group>
  );
};
