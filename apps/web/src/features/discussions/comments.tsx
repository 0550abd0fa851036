import { useState } from 'react';
import { Alert, Box, Button, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMMENT_SORTS, type CommentRow, type CommentSort, type PostDetails } from '@klase/core/discussions/contracts';
import { DateText } from '../../components/date-text.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { useTone } from '../../components/tones.ts';
import { newClientId } from '../../lib/client-id.ts';
import { createComment, deleteComment, hideComment, updateComment, useComments } from './discussions-api.ts';
import { dropComment, patchPostRow, putComment } from './discussions-cache.ts';
import { CommentBox } from './comment-box.tsx';
import { useConfirmedAction } from './post-actions.tsx';
import css from './discussions.module.css';

interface ThreadProps {
  post: PostDetails;
  total: number;
}

/** Edit, reply, hide and delete of one comment. */
const useCommentActions = ({ post, total }: ThreadProps, comment: CommentRow) => {
  const { t } = useTranslation('discussions');
  const client = useQueryClient();
  const act = useConfirmedAction();
  const put = (saved: CommentRow, count: number) => {
    putComment(client, post.id, saved, count);
    patchPostRow(client, post.courseId, post.id, () => ({ commentCount: count }));
    return saved;
  };
  return {
    edit: async (body: string, mentionIds: string[]) => put(await updateComment(comment.id, { body, mentionIds }), total),
    reply: async (body: string, mentionIds: string[]) =>
      put(await createComment(post.id, { body, mentionIds, parentId: comment.id, clientId: newClientId() }), total + 1),
    remove: () =>
      act({
        message: t('comments.deleteConfirm'),
        confirmLabel: t('comments.delete'),
        danger: true,
        run: async () => {
          await deleteComment(comment.id);
          const count = Math.max(0, total - 1);
          dropComment(client, post.id, comment.id, count);
          patchPostRow(client, post.courseId, post.id, () => ({ commentCount: count }));
        },
        done: t('comments.deleted'),
      }),
    hide: () =>
      act({
        message: t(comment.hidden ? 'comments.unhideConfirm' : 'comments.hideConfirm'),
        confirmLabel: t(comment.hidden ? 'comments.unhide' : 'comments.hide'),
        run: async () => put(await hideComment(comment.id, !comment.hidden), total),
        done: t(comment.hidden ? 'comments.unhidden' : 'comments.hiddenDone'),
      }),
  };
};

interface CommentButtonsProps {
  comment: CommentRow;
  canReply: boolean;
  canModerate: boolean;
  onMode: (mode: 'edit' | 'reply') => void;
  onHide: () => unknown;
  onRemove: () => unknown;
}

/** Reply, edit (its author), hide (moderators) and delete (its author or a moderator). */
const CommentButtons = ({ comment, canReply, canModerate, onMode, onHide, onRemove }: CommentButtonsProps) => {
  const { t } = useTranslation('discussions');
  const danger = useTone('danger');
  return (
    <Group gap={4}>
      {canReply && (
        <Button size="compact-sm" variant="subtle" onClick={() => onMode('reply')}>
          {t('comments.reply')}
        </Button>
      )}
      {comment.canEdit && (
        <Button size="compact-sm" variant="subtle" onClick={() => onMode('edit')}>
          {t('comments.edit')}
        </Button>
      )}
      {canModerate && (
        <Button size="compact-sm" variant="subtle" onClick={() => void onHide()}>
          {t(comment.hidden ? 'comments.unhide' : 'comments.hide')}
        </Button>
      )}
      {comment.canDelete && (
        <Button size="compact-sm" variant="subtle" color="red" c={danger} onClick={() => void onRemove()}>
          {t('comments.delete')}
        </Button>
      )}
    </Group>
  );
};

/** One comment (and, for a top-level one, its replies): author, time, text with its line breaks, actions. */
const CommentItem = ({ thread, comment }: { thread: ThreadProps; comment: CommentRow }) => {
  const { t } = useTranslation('discussions');
  const muted = useTone('muted');
  const [mode, setMode] = useState<'view' | 'edit' | 'reply'>('view');
  const actions = useCommentActions(thread, comment);
  const { post } = thread;
  const canReply = post.canComment && comment.parentId === null && !comment.deleted;
  return (
    <Box component="li" className={css.comment} data-testid="comment" style={{ listStyle: 'none' }}>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {comment.deleted ? t('comments.deletedAuthor') : comment.author.name}{' '}
          <Text span size="xs" c={muted} fw={400}>
            · <DateText value={comment.createdAt} />
            {comment.editedAt && ` · ${t('comments.edited')}`}
            {comment.hidden && ` · ${t('comments.hiddenMark')}`}
          </Text>
        </Text>
        {mode === 'edit' ? (
          <CommentBox
            courseId={post.courseId}
            label={t('comments.editLabel')}
            submitLabel={t('comments.save')}
            initial={comment.body}
            onSave={async (b, m) => {
              const saved = await actions.edit(b, m);
              setMode('view');
              return saved;
            }}
            onCancel={() => setMode('view')}
          />
        ) : (
          <Text size="sm" className={css.body} fs={comment.deleted ? 'italic' : undefined} data-testid="comment-body">
            {comment.deleted ? t('comments.deletedText') : comment.body}
          </Text>
        )}
        {mode === 'view' && !comment.deleted && (
          <CommentButtons
            comment={comment}
            canReply={canReply}
            canModerate={post.canModerate}
            onMode={setMode}
            onHide={actions.hide}
            onRemove={actions.remove}
          />
        )}
        {(comment.replies.length > 0 || mode === 'reply') && (
          <Stack component="ul" gap="sm" p={0} m={0} className={css.replies} aria-label={t('comments.replies', { name: comment.author.name })}>
            {comment.replies.map((r) => (
              <CommentItem key={r.id} thread={thread} comment={r} />
            ))}
            {mode === 'reply' && (
              <Box component="li" style={{ listStyle: 'none' }}>
                <CommentBox
                  courseId={post.courseId}
                  label={t('comments.replyLabel', { name: comment.author.name })}
                  submitLabel={t('comments.send')}
                  onSave={async (b, m) => {
                    const saved = await actions.reply(b, m);
                    setMode('view');
                    return saved;
                  }}
                  onCancel={() => setMode('view')}
                />
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
};

/** Oldest or newest first (spec: the comment sort order). */
const SortToggle = ({ value, onChange }: { value: CommentSort; onChange: (s: CommentSort) => void }) => {
  const { t } = useTranslation('discussions');
  return (
    <SegmentedControl
      aria-label={t('comments.sort')}
      size="xs"
      value={value}
      onChange={(v) => onChange(v === 'newest' ? 'newest' : 'oldest')}
      data={COMMENT_SORTS.map((s) => ({ value: s, label: t(`comments.sorts.${s}`) }))}
    />
  );
};

/**
 * The post's comments: the sort toggle, the comment box (or the locked notice), and the thread a
 * page at a time ("load more"). Comments off screen are skipped by the browser's layout
 * (`content-visibility`), so a long thread stays smooth on a phone.
 */
export const Comments = ({ post }: { post: PostDetails }) => {
  const { t } = useTranslation('discussions');
  const client = useQueryClient();
  const [sort, setSort] = useState<CommentSort>('oldest');
  const comments = useComments(post.id, sort);
  const total = comments.data?.pages[0]?.total ?? post.commentCount;
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];
  const thread = { post, total };
  const add = async (body: string, mentionIds: string[]) => {
    const saved = await createComment(post.id, { body, mentionIds, parentId: null, clientId: newClientId() });
    putComment(client, post.id, saved, total + 1);
    patchPostRow(client, post.courseId, post.id, () => ({ commentCount: total + 1 }));
    return saved;
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="comments-title">
      <Group justify="space-between" gap="xs">
        <Title order={3} size="h4" id="comments-title">
          {t('comments.title', { count: total })}
        </Title>
        <SortToggle value={sort} onChange={setSort} />
      </Group>
      {post.locked && (
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden="true" />} data-testid="locked-notice">
          {t('comments.locked')}
        </Alert>
      )}
      {post.canComment && !post.locked && <CommentBox courseId={post.courseId} label={t('comments.newLabel')} submitLabel={t('comments.send')} onSave={add} />}
      {comments.isPending ? (
        <Skeleton height={64} aria-busy="true" />
      ) : comments.isError ? (
        <ErrorText error={comments.error} />
      ) : items.length === 0 ? (
        <Text size="sm">{t('comments.none')}</Text>
      ) : (
        <Stack component="ul" gap="md" p={0} m={0} aria-label={t('comments.list')} data-testid="comment-list">
          {items.map((c) => (
            <CommentItem key={c.id} thread={thread} comment={c} />
          ))}
        </Stack>
      )}
      {comments.hasNextPage && (
        <Button variant="default" onClick={() => void comments.fetchNextPage()} loading={comments.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          {t('comments.loadMore')}
        </Button>
      )}
    </Stack>
  );
};
