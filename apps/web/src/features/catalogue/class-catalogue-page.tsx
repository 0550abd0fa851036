import { useState } from 'react';
import { Badge, Box, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CategoryRow } from '@klase/core/catalogue/contracts';
import { EmptyState } from '../../components/empty-state.tsx';
import { paths } from '../../config/paths.ts';
import { CourseCardSkeleton } from '../../components/course-card.tsx';
import { useAddToClass, useCatalogueCourses, useCategories, useDebounced } from './browse-api.ts';
import { AddToClassButton, BackLink, BrowseCourseCard, CourseSearch, LoadError, useCanAddToClass } from './browse-parts.tsx';

/** "All" and each category as links: the address keeps the choice (`.../rex-courses/all/{categoryId}`). */
const CategoryChips = ({ classId, categories, selected }: { classId: string; categories: CategoryRow[]; selected: string | null }) => {
  const { t } = useTranslation('catalogueBrowse');
  const total = categories.reduce((n, c) => n + c.courseCount, 0);
  const chip = (key: string, to: string, name: string, count: number, current: boolean) => (
    <li key={key} style={{ maxWidth: '100%' }}>
      <Button
        component={Link}
        to={to}
        radius="xl"
        size="sm"
        variant={current ? 'filled' : 'default'}
        aria-current={current ? 'page' : undefined}
        maw="100%"
        // Long category names wrap inside the pill instead of running out of it on phones.
        styles={{
          root: { height: 'auto', minHeight: 36, paddingBlock: 6, display: 'inline-flex', alignItems: 'center' },
          inner: { height: 'auto' },
          label: { height: 'auto', whiteSpace: 'normal', overflowWrap: 'anywhere' },
        }}
      >
        {`${name} (${count})`}
      </Button>
    </li>
  );
  return (
    <Box component="nav" aria-label={t('browse.categories')}>
      <Group component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
        {chip('all', paths.classCatalogue.to(classId), t('browse.all'), total, selected === null)}
        {categories.map((c) => chip(c.id, paths.classCatalogue.to(classId, c.id), c.name, c.courseCount, c.id === selected))}
      </Group>
    </Box>
  );
};

/** How many courses are shown of how many, and "Show more" while there are more. */
const LoadMore = ({ shown, total, courses }: { shown: number; total: number; courses: ReturnType<typeof useCatalogueCourses> }) => {
  const { t } = useTranslation('catalogueBrowse');
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" role="status">
        {t('browse.shown', { shown, total })}
      </Text>
      {courses.hasNextPage && (
        <Button variant="default" loading={courses.isFetchingNextPage} onClick={() => void courses.fetchNextPage()}>
          {t('browse.more')}
        </Button>
      )}
    </Group>
  );
};

/**
 * `#/classes/:id/courses/rex-courses/all/:categoryId?`: the published catalogue courses, by
 * category (links, so the address keeps the choice) and searched by name, code or subject. Each
 * card opens the course's preview or adds it to the class: the copy starts on the server and the
 * class's courses tab shows it with the copying badge until it is done.
 */
export const ClassCataloguePage = () => {
  const { t } = useTranslation('catalogueBrowse');
  const { id = '', categoryId } = useParams();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebounced(searchInput).trim().toLowerCase();
  const categories = useCategories();
  const selected = categoryId ?? null;
  const known = selected === null || categories.data?.some((c) => c.id === selected);
  const courses = useCatalogueCourses(selected, search);
  const { canAdd, note } = useCanAddToClass(id);
  const { busyId, add } = useAddToClass(id);

  // An unknown category (removed meanwhile, or a mistyped address) falls back to all courses.
  if (categories.isSuccess && !known) return <Navigate to={paths.classCatalogue.to(id)} replace />;

  const rows = courses.data?.pages.flatMap((p) => p.data) ?? [];
  const total = courses.data?.pages.at(-1)?.pagination.totalcount ?? 0;
  const category = categories.data?.find((c) => c.id === selected);

  return (
    <Stack gap="md">
      <BackLink to={paths.classCourses.to(id)}>{t('browse.back')}</BackLink>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t('titles.browse')}
        </Title>
        <Text size="sm">{t('browse.hint')}</Text>
      </Stack>
      {note}
      {categories.isError ? (
        <LoadError error={categories.error} />
      ) : categories.isPending ? (
        <Skeleton height={34} width="60%" data-testid="categories-loading" />
      ) : (
        <CategoryChips classId={id} categories={categories.data} selected={selected} />
      )}
      {category?.description && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {category.description}
        </Text>
      )}
      <CourseSearch value={searchInput} onChange={setSearchInput} maw={480} />
      {courses.isError && <LoadError error={courses.error} />}
      {courses.isSuccess && rows.length === 0 && <EmptyState kind="noRecords" />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy={courses.isFetching} data-testid="catalogue-grid">
        {courses.isPending
          ? Array.from({ length: 3 }, (_, i) => <CourseCardSkeleton key={i} />)
          : rows.map((c) => (
              <BrowseCourseCard
                key={c.id}
                course={c}
                chips={
                  c.categoryName && (
                    <Badge variant="light" color="gray" c="var(--mantine-color-text)" tt="none">
                      {c.categoryName}
                    </Badge>
                  )
                }
                actions={
                  <>
                    <Button
                      component={Link}
                      to={paths.classCatalogueCourse.to(id, c.id)}
                      variant="default"
                      leftSection={<IconEye size={16} aria-hidden="true" />}
                      aria-label={t('browse.viewNamed', { name: c.name })}
                    >
                      {t('browse.view')}
                    </Button>
                    {canAdd && <AddToClassButton name={c.name} busy={busyId === c.id} disabled={busyId !== null} onAdd={() => void add(c.id)} />}
                  </>
                }
              />
            ))}
      </SimpleGrid>
      {rows.length > 0 && <LoadMore shown={rows.length} total={total} courses={courses} />}
    </Stack>
  );
};
