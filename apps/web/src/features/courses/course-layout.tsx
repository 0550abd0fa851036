import { useState } from 'react';
import { Alert, Anchor, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconCopy, IconEye, IconEyeOff, IconHourglass, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { Link, Navigate, NavLink, Outlet, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../components/http.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { paths } from '../../app/paths.ts';
import { useClassDetails } from '../classes/class-api.ts';
import { useClassText } from '../classes/class-format.ts';
import { useClassAction } from '../classes/use-class-action.ts';
import { CourseFormDialog } from './course-form-dialog.tsx';
import { CourseImage } from './course-image.tsx';
import { CourseImageDialog } from './course-image-dialog.tsx';
import { CopyCourseDialog, useAfterCopy, useDeleteCourse } from './course-jobs.tsx';
import { publishCourseCall, useCourse } from './courses-api.ts';
import css from './courses.module.css';

/** The class's teachers copy a course (also out of an archived class); the rest needs `can.manage`. */
const useIsClassTeacher = (classId: string | null) => useClassDetails(classId ?? '').data?.relation === 'teacher';

/** Publish or unpublish, edit, picture and delete (`can.manage`) and copy: the class's teachers only. */
const CourseActions = ({ course, canCopy }: { course: CourseDetails; canCopy: boolean }) => {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const { busy, run } = useClassAction(course.classId ?? '');
  const remove = useDeleteCourse();
  const afterCopy = useAfterCopy(course.classId);
  const [dialog, setDialog] = useState<'edit' | 'image' | 'copy' | null>(null);
  const key = course.published ? 'unpublish' : 'publish';
  const togglePublished = () =>
    void run(key, {
      ask: { title: t(`publish.${key}CourseTitle`), message: t(`publish.${key}CourseConfirm`), confirmLabel: t(`publish.${key}`) },
      success: t(`publish.${key}ed`),
      send: () => publishCourseCall(course.id, !course.published),
    });
  const deleteCourse = async () => {
    if (await remove(course)) await navigate(paths.classCourses.to(course.classId ?? ''));
  };
  const manage = course.can.manage;
  return (
    <Group gap="xs">
      {manage && (
        <>
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
        </>
      )}
      {canCopy && (
        <Button variant="default" leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => setDialog('copy')}>
          {t('jobs.copy')}
        </Button>
      )}
      {manage && (
        <Button variant="outline" color="red.9" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => void deleteCourse()}>
          {t('jobs.delete')}
        </Button>
      )}
      {dialog === 'edit' && <CourseFormDialog classId={course.classId ?? ''} course={course} onClose={() => setDialog(null)} />}
      {dialog === 'image' && <CourseImageDialog course={course} onClose={() => setDialog(null)} />}
      {dialog === 'copy' && <CopyCourseDialog course={course} onCopied={afterCopy} onClose={() => setDialog(null)} />}
    </Group>
  );
};

/**
 * A course opened while it is copied or deleted (or whose copy failed): what is happening instead
 * of the editor. The page asks again every few seconds and shows the course once the copy is done.
 */
const CourseJobState = ({ course }: { course: CourseDetails }) => {
  const { t } = useTranslation(['courses', 'errors']);
  const navigate = useNavigate();
  const remove = useDeleteCourse();
  const teacher = useIsClassTeacher(course.classId);
  if (course.job === 'copyFailed')
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title={t('errors:COPY_FAILED')} data-testid="course-job">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('jobs.failedPage')}</Text>
          {teacher && (
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => void remove(course).then((done) => done && navigate(paths.classCourses.to(course.classId ?? '')))}
            >
              {t('jobs.remove')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  return (
    <Alert color="gray" variant="light" icon={<IconHourglass aria-hidden="true" />} data-testid="course-job" aria-live="polite">
      <Text size="sm">{course.job === 'copying' ? t('jobs.copyingPage') : t('jobs.deletingPage')}</Text>
    </Alert>
  );
};

const CourseHeader = ({ course }: { course: CourseDetails }) => {
  const { t } = useTranslation('courses');
  const { grade } = useClassText();
  const teacher = useIsClassTeacher(course.classId);
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
            {course.job === 'copying' || course.job === 'deleting' ? (
              <StatusBadge status={course.job} />
            ) : (
              course.can.viewStudentMode && !course.job && <StatusBadge status={course.status} />
            )}
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
      {course.job === null && (course.can.manage || teacher) && <CourseActions course={course} canCopy={teacher} />}
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
 * the user cannot reach, or one of another class, is a 404. While the course is copied or deleted
 * the page says so instead of showing its tabs, and follows the job to its end.
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
    // A course deleted while it was open: back to the class's courses.
    if (q.data?.job === 'deleting' && isApiError(q.error) && q.error.status === 404) return <Navigate to={paths.classCourses.to(id)} replace />;
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
      {course.job ? (
        <CourseJobState course={course} />
      ) : (
        <>
          <CourseTabs course={course} />
          <Outlet />
        </>
      )}
    </Stack>
  );
};
