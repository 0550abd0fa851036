import { useId, useState } from 'react';
import { Button, Chip, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@klase/core/constants';
import type { DiscussionCategory } from '@klase/core/discussions/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { paths } from '../../config/paths.ts';
import { useCategories, useDiscussionChildId, usePosts } from './discussions-api.ts';
import { useDiscussionsLive } from './discussions-live.ts';
import { PostItem } from './post-item.tsx';
import { PostFormDialog } from './post-form-dialog.tsx';
import { DiscussionSettingsDialog } from './settings-dialog.tsx';

/** "All" and the course's categories as chips (one chosen). */
const CategoryFilter = ({ categories, value, onChange }: { categories: DiscussionCategory[]; value: string; onChange: (id: string) => void }) => {
  const { t } = useTranslation('discussions');
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('list.category')}
      </Text>
      <Chip.Group multiple={false} value={value} onChange={(v) => onChange(typeof v === 'string' ? v : '')}>
        <Group gap="xs" role="radiogroup" aria-labelledby={labelId}>
          <Chip value="" variant="outline" size="sm">
            {t('list.allCategories')}
          </Chip>
          {categories.map((c) => (
            <Chip key={c.id} value={c.id} variant="outline" size="sm">
              {c.name}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
    </Stack>
  );
};

/**
 * The posts of a category and search: pinned first (the server's order), "load more" at the end.
 * A parent whose child's teacher keeps the discussions closed to parents (404) is told so.
 */
const PostList = ({ classId, courseId, categoryId, q }: { classId: string; courseId: string; categoryId: string; q: string }) => {
  const { t } = useTranslation('discussions');
  const posts = usePosts(courseId, categoryId, q);
  const parent = useDiscussionChildId() !== null;
  if (posts.isPending)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="posts-loading">
        <Skeleton height={88} />
        <Skeleton height={88} />
      </Stack>
    );
  if (posts.isError && isApiError(posts.error) && posts.error.status === 404)
    return parent ? <EmptyState text={t('list.parentsClosed')} /> : <EmptyState kind="contentUnavailable" />;
  if (posts.isError) return <ErrorText error={posts.error} />;
  const items = posts.data.pages.flatMap((p) => p.items);
  if (items.length === 0) return <EmptyState kind={q ? 'noResults' : 'noPosts'} />;
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('list.posts')}>
        {items.map((post) => (
          <PostItem key={post.id} post={post} to={paths.classDiscussionPost.to(classId, courseId, post.id)} />
        ))}
      </Stack>
      {posts.hasNextPage && (
        <Button variant="default" onClick={() => void posts.fetchNextPage()} loading={posts.isFetchingNextPage} style={{ alignSelf: 'center' }}>
          {t('list.loadMore')}
        </Button>
      )}
    </Stack>
  );
};

/**
 * `#/classes/:id/courses/:courseId/discussions`: the course's posts with category chips and a
 * search, "New post" for those who take part, and the course's discussion settings for its teachers.
 * Lists change live.
 */
export const DiscussionsTab = () => {
  const { t } = useTranslation('discussions');
  const { id = '', courseId = '' } = useParams();
  const [categoryId, setCategoryId] = useState('');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<'post' | 'settings' | null>(null);
  useDiscussionsLive(courseId);
  const categories = useCategories(courseId);
  const first = usePosts(courseId, categoryId, q).data?.pages[0];
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={3}>{t('titles.discussions')}</Title>
        <Group gap="xs">
          {first?.canModerate && (
            <Button variant="default" leftSection={<IconSettings size={16} aria-hidden="true" />} onClick={() => setDialog('settings')}>
              {t('settings.open')}
            </Button>
          )}
          {first?.canPost && (
            <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setDialog('post')}>
              {t('list.newPost')}
            </Button>
          )}
        </Group>
      </Group>
      <TextInput
        label={t('list.search')}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={100}
        type="search"
      />
      {categories.data && categories.data.items.length > 0 && <CategoryFilter categories={categories.data.items} value={categoryId} onChange={setCategoryId} />}
      <PostList classId={id} courseId={courseId} categoryId={categoryId} q={q} />
      {dialog === 'post' && <PostFormDialog courseId={courseId} categories={categories.data?.items ?? []} onClose={() => setDialog(null)} />}
      {dialog === 'settings' && <DiscussionSettingsDialog courseId={courseId} onClose={() => setDialog(null)} />}
    </Stack>
  );
};
