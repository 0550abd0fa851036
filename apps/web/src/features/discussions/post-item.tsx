import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconEyeOff, IconLock, IconMessage, IconPaperclip, IconPinFilled } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PostRow } from '@klase/core/discussions/contracts';
import { DateText } from '../../components/date-text.tsx';
import { useTone } from '../../components/tones.ts';
import css from './discussions.module.css';

/** The marks of a post: pinned, category, locked, hidden, new (filled shade-9 badges with white text: AA in both themes). */
export const PostMarks = ({ post }: { post: PostRow }) => {
  const { t } = useTranslation('discussions');
  return (
    <Group gap={6}>
      {post.pinned && (
        <Badge variant="filled" color="teal.9" c="white" leftSection={<IconPinFilled size={12} aria-hidden="true" />} data-testid="pinned-marker">
          {t('marks.pinned')}
        </Badge>
      )}
      {post.category && (
        <Badge variant="default" style={{ textTransform: 'none' }}>
          {post.category.name}
        </Badge>
      )}
      {post.locked && (
        <Badge variant="filled" color="gray.7" c="white" leftSection={<IconLock size={12} aria-hidden="true" />}>
          {t('marks.locked')}
        </Badge>
      )}
      {post.hidden && (
        <Badge variant="filled" color="red.9" c="white" leftSection={<IconEyeOff size={12} aria-hidden="true" />}>
          {t('marks.hidden')}
        </Badge>
      )}
      {post.unread && (
        <Badge variant="filled" color="blue.9" c="white" data-testid="unread-marker">
          {t('marks.unread')}
        </Badge>
      )}
    </Group>
  );
};

/** One post of the list: its marks, title (the link to it), excerpt, author, time and counts. */
export const PostItem = ({ post, to }: { post: PostRow; to: string }) => {
  const { t } = useTranslation('discussions');
  const muted = useTone('muted');
  return (
    <Card component="li" withBorder padding="sm" data-testid="post-item" data-pinned={post.pinned || undefined} className={css.item}>
      <Stack gap={6}>
        <PostMarks post={post} />
        <Link to={to} className={css.title}>
          {post.title}
        </Link>
        {post.excerpt && (
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {post.excerpt}
          </Text>
        )}
        <Group gap="xs" justify="space-between">
          <Text size="xs" c={muted}>
            {post.author.name} · <DateText value={post.createdAt} />
          </Text>
          <Group gap="sm">
            {post.attachmentCount > 0 && (
              <Group gap={4} aria-label={t('list.attachments', { count: post.attachmentCount })} role="img">
                <IconPaperclip size={14} aria-hidden="true" />
                <Text size="xs">{post.attachmentCount}</Text>
              </Group>
            )}
            <Group gap={4}>
              <IconMessage size={14} aria-hidden="true" />
              <Text size="xs">{t('list.comments', { count: post.commentCount })}</Text>
            </Group>
            {post.unreadComments > 0 && (
              <Badge size="sm" variant="filled" color="blue.9" c="white" data-testid="unread-comments">
                {t('list.newComments', { count: post.unreadComments })}
              </Badge>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
};
