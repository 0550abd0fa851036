import { Anchor, Alert, Badge, Box, Grid, Group, NavLink, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseDetails, ElementDetails } from '@klase/core/courses/contracts';
import { isApiError } from '../../api/http.ts';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { CourseImage } from '../../components/course-image.tsx';
import { MaterialTypeIcon, useMaterialTypeLabel } from '../../components/material-types.tsx';
import { MaterialViewer } from '../../features/materials/material-viewer.tsx';
import { useAddToClass, useCatalogueCourse, useMaterialPreview } from '../../features/catalogue/browse-api.ts';
import { AddToClassButton, BackLink, CourseCounts, LoadError, SubjectGrade, useCanAddToClass } from '../../features/catalogue/browse-parts.tsx';

type CourseState = { kind: 'loading' } | { kind: 'missing' } | { kind: 'error'; error: unknown } | { kind: 'ready'; course: CourseDetails };

/** The catalogue course of the address; a class's course, or one out of reach, is not found. */
const useCatalogueCourseState = (courseId: string): CourseState => {
  const q = useCatalogueCourse(courseId);
  if (q.isPending) return { kind: 'loading' };
  if (q.isError) {
    const e = q.error;
    return isApiError(e) && (e.status === 404 || e.status === 403 || e.code === 'VALIDATION') ? { kind: 'missing' } : { kind: 'error', error: e };
  }
  return q.data.classId === null ? { kind: 'ready', course: q.data } : { kind: 'missing' };
};

const PageSkeleton = () => (
  <Stack gap="sm" aria-busy="true" data-testid="catalogue-course-loading">
    <Skeleton height={28} width="50%" />
    <Skeleton height={120} />
    <Skeleton height={160} />
  </Stack>
);

/** The course's picture, name, code, category, subject and grade, counts, description and "Add to class". */
const CourseHeader = ({ course, classId }: { course: CourseDetails; classId: string }) => {
  const { t } = useTranslation('catalogueBrowse');
  const { canAdd, note } = useCanAddToClass(classId);
  const { busyId, add } = useAddToClass(classId);
  usePageTitle('course', course.name);
  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md">
        <Box w={{ base: '100%', xs: 160 }} style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
          <CourseImage course={course} height={110} />
        </Box>
        <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {course.name}
          </Title>
          <Group gap="xs">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {course.code}
            </Text>
            {course.categoryName && (
              <Badge variant="light" color="gray" c="var(--mantine-color-text)" tt="none">
                {t('preview.category', { name: course.categoryName })}
              </Badge>
            )}
          </Group>
          <SubjectGrade course={course} />
          <CourseCounts course={course} />
          {canAdd && (
            <Box>
              <AddToClassButton name={course.name} busy={busyId === course.id} disabled={busyId !== null} onAdd={() => void add(course.id)} />
            </Box>
          )}
        </Stack>
      </Group>
      {note}
      {course.description && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{course.description}</Text>}
    </Stack>
  );
};

/** One element: its name (a link to its page) and its materials, each with its type. */
const ElementPreview = ({ element, classId, courseId }: { element: ElementDetails; classId: string; courseId: string }) => {
  const { t } = useTranslation('catalogueBrowse');
  const typeLabel = useMaterialTypeLabel();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={`element-${element.id}`} data-testid="catalogue-element">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={4} size="h4" id={`element-${element.id}`} style={{ overflowWrap: 'anywhere' }}>
            <Anchor component={Link} to={paths.classCatalogueElement.to(classId, courseId, element.id)} inherit>
              {element.name}
            </Anchor>
          </Title>
          <Text size="sm">{t(`preview.elementType.${element.type}`)}</Text>
        </Group>
        {element.materials.length === 0 ? (
          <Text size="sm">{t('preview.noMaterials')}</Text>
        ) : (
          <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
            {element.materials.map((m) => (
              <Group component="li" key={m.id} gap="xs" wrap="nowrap" align="flex-start">
                <MaterialTypeIcon type={m.type} style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Anchor component={Link} to={paths.classCatalogueElement.to(classId, courseId, element.id, { materialId: m.id })} inherit>
                    {m.name}
                  </Anchor>
                  {` · ${typeLabel(m.type)}`}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};

/**
 * `#/classes/:id/courses/rex-courses/:courseId`: a read-only preview of a catalogue course (its
 * published elements and materials, as the API answers them to teachers) with "Add to class".
 */
export const ClassCatalogueCoursePage = () => {
  const { t } = useTranslation('catalogueBrowse');
  const { id = '', courseId = '' } = useParams();
  const state = useCatalogueCourseState(courseId);
  if (state.kind === 'missing') return <Navigate to={paths.notFound.to()} replace />;
  const course = state.kind === 'ready' ? state.course : null;
  return (
    <Stack gap="md">
      <BackLink to={paths.classCatalogue.to(id, course?.categoryId ?? undefined)}>{t('preview.back')}</BackLink>
      {state.kind === 'loading' && <PageSkeleton />}
      {state.kind === 'error' && <LoadError error={state.error} />}
      {course && (
        <>
          <CourseHeader course={course} classId={id} />
          <Title order={3} size="h4">
            {t('preview.elements')}
          </Title>
          {course.elements.length === 0 ? (
            <Text>{t('preview.noElements')}</Text>
          ) : (
            course.elements.map((e) => <ElementPreview key={e.id} element={e} classId={id} courseId={course.id} />)
          )}
        </>
      )}
    </Stack>
  );
};

/** The open material, read-only: the viewer students get, without recording anything. */
const MaterialPreview = ({ materialId }: { materialId: string }) => {
  const typeLabel = useMaterialTypeLabel();
  const q = useMaterialPreview(materialId);
  if (q.isPending) return <Skeleton height={240} aria-busy="true" data-testid="material-loading" />;
  if (q.isError) return <LoadError error={q.error} />;
  const m = q.data;
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <MaterialTypeIcon type={m.type} size={22} style={{ flexShrink: 0, marginTop: 4 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {m.name}
          </Title>
          <Text size="sm">{typeLabel(m.type)}</Text>
        </Stack>
      </Group>
      <MaterialViewer material={m} />
    </Stack>
  );
};

/**
 * `#/classes/:id/courses/rex-courses/:courseId/element/:elementId` (`?material=`): the element's
 * materials, one open at a time and read-only (no progress is recorded).
 */
export const ClassCatalogueElementPage = () => {
  const { t } = useTranslation('catalogueBrowse');
  const typeLabel = useMaterialTypeLabel();
  const { id = '', courseId = '', elementId = '' } = useParams();
  const [params] = useSearchParams();
  const state = useCatalogueCourseState(courseId);
  const back = <BackLink to={paths.classCatalogueCourse.to(id, courseId)}>{t('element.back')}</BackLink>;
  if (state.kind === 'missing') return <Navigate to={paths.notFound.to()} replace />;
  if (state.kind !== 'ready')
    return (
      <Stack gap="md">
        {back}
        {state.kind === 'loading' ? <PageSkeleton /> : <LoadError error={state.error} />}
      </Stack>
    );
  const element = state.course.elements.find((e) => e.id === elementId);
  if (!element) return <Navigate to={paths.notFound.to()} replace />;
  const wanted = params.get('material');
  const first = element.materials[0];
  // The address names the open material: the first one unless one is asked for.
  if (!wanted && first) return <Navigate to={paths.classCatalogueElement.to(id, courseId, elementId, { materialId: first.id })} replace />;
  const selected = element.materials.find((m) => m.id === wanted) ?? null;

  return (
    <Stack gap="md">
      {back}
      <Stack gap={2}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {state.course.name}
        </Text>
        <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {element.name}
        </Title>
      </Stack>
      <Alert color="blue" variant="light" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
        {t('element.readOnly')}
      </Alert>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          {element.materials.length === 0 ? (
            <Text size="sm">{t('preview.noMaterials')}</Text>
          ) : (
            <Box component="nav" aria-label={t('element.materials')}>
              <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
                {element.materials.map((m) => (
                  <li key={m.id}>
                    <NavLink
                      component={Link}
                      to={paths.classCatalogueElement.to(id, courseId, elementId, { materialId: m.id })}
                      active={m.id === selected?.id}
                      aria-current={m.id === selected?.id ? 'page' : undefined}
                      label={m.name}
                      description={typeLabel(m.type)}
                      leftSection={<MaterialTypeIcon type={m.type} />}
                      variant={m.id === selected?.id ? 'filled' : 'subtle'}
                      styles={{ label: { overflowWrap: 'anywhere', fontWeight: 600 } }}
                    />
                  </li>
                ))}
              </Stack>
            </Box>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {selected ? (
            <MaterialPreview key={selected.id} materialId={selected.id} />
          ) : (
            wanted && (
              <Alert color="gray" variant="light" styles={{ message: { color: 'var(--mantine-color-text)' } }}>
                {t('element.materialMissing')}
              </Alert>
            )
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
};
