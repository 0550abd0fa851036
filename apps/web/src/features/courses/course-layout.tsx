import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconEye, IconEyeOff, IconPencil, IconPhoto } from '@tabler/icons-react';
import { Link, Navigate, NavLink, Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../components/http.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { paths } from '../../app/paths.ts';
import { useClassText } from '../classes/class-format.ts';
import { useClassAction } from '../classes/use-class-action.ts';
import { CourseFormDialog } from './course-form-dialog.tsx';
import { CourseImage } from './course-image.tsx';
import { CourseImageDialog } from './course-image-dialog.tsx';
import { publishCourseCall, useCourse } from './courses-api.ts';
import css from './courses.module.css';

/** Publish or unpublish, edit and picture: the class's teachers only. */
const CourseActions = ({ course }: { course: CourseDetails }) => {
  const { t } = useTranslation('courses');
  const { busy, run } = useClassAction(course.classId ?? '');
  const [dialog, setDialog] = useState<'edit' | 'image' | null>(null);
  const key = course.published ? 'unpublish' : 'publish';
  const togglePublished = () =>
    void run(key, {
      ask: { title: t(`publish.${key}CourseTitle`), message: t(`publish.${key}CourseConfirm`), confirmLabel: t(`publish.${key}`) },
      success: t(`publish.${key}ed`),
      send: () => publishCourseCall(course.id, !course.published),
    });
  return (
    <Group gap="xs">
      <Button
        variant={course.published ? 'default' : 'filled'}
        leftSection={course.published ? <IconEyeOff size={16} aria-hidden="true" /> : <IconEye size={16} aria-hidden="true" />}
        loading={busy === key}
        onClick={togglePublished}
      >
        {t(`publish.${key}`)}
      </Button>
      <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setDialog('edit')}>
        {t('layout.edit')}
      </Button>
      <Button variant="default" leftSection={<IconPhoto size={16} aria-hidden="true" />} onClick={() => setDialog('image')}>
        {t('layout.image')}
      </Button>
      {dialog === 'edit' && <CourseFormDialog classId={course.classId ?? ''} course={course} onClose={() => setDialog(null)} />}
      {dialog === 'image' && <CourseImageDialog course={course} onClose={() => setDialog(null)} />}
    </Group>
  );
};

const CourseHeader = ({ course }: { course: CourseDetails }) => {
  const { t } = useTranslation('courses');
  const { grade } = useClassText();
  const facts = [course.code, course.subject, course.gradeLevel ? grade(course.gradeLevel) : null].filter(Boolean).join(' · ');
  return (
    <Stack gap="sm">
      <Anchor component={Link} to={paths.classCourses.to(course.classId ?? '')} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconChevronLeft size={16} aria-hidden="true" />
          {t('layout.allCourses')}
        </Group>
      </Anchor>
      <Group align="flex-start" gap="md" className={css.header}>
        <Box className={css.headerImage}>
          <CourseImage course={course} height={96} codeSize="sm" />
        </Box>
        <Stack gap={6} style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Group gap="xs" align="center">
            <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {course.name}
            </Title>
            {course.can.viewStudentMode && <StatusBadge status={course.status} />}
          </Group>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {facts}
          </Text>
          {course.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} lineClamp={4}>
              {course.description}
            </Text>
          )}
          {course.can.viewStudentMode && <Text size="sm">{course.sequential ? t('layout.sequential') : t('layout.freeOrder')}</Text>}
        </Stack>
      </Group>
      {course.can.manage && <CourseActions course={course} />}
    </Stack>
  );
};

/** "Course" and, for staff, "Student view": links that look like tabs; the open one is marked. */
const CourseTabs = ({ course }: { course: CourseDetails }) => {
  const { t } = useTranslation('courses');
  const classId = course.classId ?? '';
  if (!course.can.viewStudentMode) return null;
  return (
    <Box component="nav" aria-label={t('layout.tabs')}>
      <Group gap="xs" wrap="nowrap" className={css.tabs}>
        <NavLink end to={paths.classCourse.to(classId, course.id)} className={css.tab}>
          {t('titles.course')}
        </NavLink>
        <NavLink end to={paths.classCourseStudentMode.to(classId, course.id)} className={css.tab}>
          {t('titles.studentMode')}
        </NavLink>
      </Group>
    </Box>
  );
};

/**
 * `#/classes/:id/courses/:courseId`: the course's header (picture, name, code, subject, grade, and
 * for its teachers publish, edit and picture) and its tabs; the open tab renders below. A course
 * the user cannot reach, or one of another class, is a 404.
 */
export const CourseLayout = () => {
  const { id = '', courseId = '' } = useParams();
  const q = useCourse(id, courseId);
  if (q.isPending)
    return (
      <Stack gap="sm" aria-busy="true" data-testid="course-loading">
        <Skeleton height={96} width={128} />
        <Skeleton height={22} width="45%" />
        <Skeleton height={14} width="30%" />
        <Skeleton height={160} />
      </Stack>
    );
  if (q.isError) {
    if (isApiError(q.error) && (q.error.status === 404 || q.error.status === 403 || q.error.code === 'VALIDATION'))
      return <Navigate to={paths.notFound.to()} replace />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        <ErrorText error={q.error} />
      </Alert>
    );
  }
  const course = q.data;
  if (course.classId !== id) return <Navigate to={paths.notFound.to()} replace />;
  return (
    <Stack gap="md">
      <CourseHeader course={course} />
      <CourseTabs course={course} />
      <Outlet />
    </Stack>
  );
};
