import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { Anchor, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@klase/core/upload';
import type { PostDetails } from '@klase/core/discussions/contracts';
import { BackLink } from '../../components/back-link.tsx';
import { DialogLoader } from '../../components/page-loader.tsx';
import { DateText } from '../../components/date-text.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { RichContent } from '../../components/rich-content.tsx';
import { useTone } from '../../components/tones.ts';
import { isApiError } from '../../api/http.ts';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { markPostRead, useCategories, useDiscussionChildId, usePost } from './discussions-api.ts';
import { patchPostRow } from './discussions-cache.ts';
import { useDiscussionsLive } from './discussions-live.ts';
import { Comments } from './comments.tsx';
import { PostActions } from './post-actions.tsx';
import { PostMarks } from './post-item.tsx';

const PostFormDialog = lazy(() => import('./post-form-dialog.tsx').then((m) => ({ default: m.PostFormDialog })));

/**
 * Opening a post marks it read (not for a parent reading along); comments that arrived while it
 * was open are marked read too when the page is left.
 */
const useMarkRead = (post: PostDetails | undefined) => {
  const client = useQueryClient();
  const childId = useDiscussionChildId();
  const marked = useRef<{ id: string; count: number } | null>(null);
  const latest = useRef(post);
  useEffect(() => {
    latest.current = post;
  });
  const mark = useCallback(
    (p: PostDetails) => {
      marked.current = { id: p.id, count: p.commentCount };
      markPostRead(p.id).then(
        () => patchPostRow(client, p.courseId, p.id, () => ({ unread: false, unreadComments: 0 })),
        () => {
          marked.current = null;
        },
      );
    },
    [client],
  );
  useEffect(() => {
    if (post && childId === null && marked.current?.id !== post.id) mark(post);
  }, [post, childId, mark]);
  useEffect(
    () => () => {
      const p = latest.current;
      if (p && marked.current?.id === p.id && p.commentCount > marked.current.count) mark(p);
    },
    [mark],
  );
};

/** The post itself: marks, title, author and time, the sanitized body, attachments and the actions. */
const PostView = ({ post }: { post: PostDetails }) => {
  const { t } = useTranslation('discussions');
  const muted = useTone('muted');
  const [editing, setEditing] = useState(false);
  const categories = useCategories(post.courseId);
  return (
    <Card withBorder padding="md" component="article" aria-labelledby="post-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={6} style={{ flex: '1 1 240px', minWidth: 0 }}>
            <PostMarks post={{ ...post, unread: false }} />
            <Title order={3} id="post-title" style={{ overflowWrap: 'anywhere' }}>
              {post.title}
            </Title>
            <Text size="sm" c={muted}>
              {post.author.name} · <DateText value={post.createdAt} />
              {post.editedAt && ` · ${t('post.edited')}`}
            </Text>
          </Stack>
          <PostActions post={post} onEdit={() => setEditing(true)} />
        </Group>
        <RichContent html={post.bodyHtml} label={t('post.body')} />
        {post.attachments.length > 0 && (
          <Stack component="ul" gap={4} p={0} m={0} aria-label={t('post.attachments')} style={{ listStyle: 'none' }}>
            {post.attachments.map((a) => (
              <Group key={a.id} component="li" gap="xs" wrap="nowrap">
                <IconFile size={18} aria-hidden="true" />
                <Anchor href={a.downloadUrl} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {a.name}
                </Anchor>
                <Text size="xs">{formatBytes(a.size)}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      {editing && (
        <Suspense fallback={<DialogLoader />}>
          <PostFormDialog courseId={post.courseId} categories={categories.data?.items ?? []} post={post} onClose={() => setEditing(false)} />
        </Suspense>
      )}
    </Card>
  );
};

/** `#/classes/:id/courses/:courseId/discussions/:postId`: one post with its comments, live. */
export const PostPage = () => {
  const { t } = useTranslation('discussions');
  const { id = '', courseId = '', postId = '' } = useParams();
  const post = usePost(postId);
  useDiscussionsLive(courseId, postId);
  useMarkRead(post.data?.courseId === courseId ? post.data : undefined);
  usePageTitle('page', post.data?.title);
  const back = <BackLink to={paths.classDiscussions.to(id, courseId)}>{t('post.back')}</BackLink>;
  if (post.isPending)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="post-loading">
        <Skeleton height={24} width="50%" />
        <Skeleton height={160} />
      </Stack>
    );
  if (post.isError && !(isApiError(post.error) && post.error.status === 404)) return <ErrorText error={post.error} />;
  if (post.isError || post.data.courseId !== courseId)
    return (
      <Stack gap="sm">
        {back}
        <EmptyState kind="contentUnavailable" />
      </Stack>
    );
  return (
    <Stack gap="md">
      {back}
      <PostView post={post.data} />
      <Comments post={post.data} />
    </Stack>
  );
};
