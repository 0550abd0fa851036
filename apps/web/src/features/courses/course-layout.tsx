import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCopy, IconHourglass, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { canOpen } from '@klase/core/guards';
import { ErrorText } from '../../components/error-text.tsx';
import { DialogLoader } from '../../components/page-loader.tsx';
import { isApiError } from '../../api/http.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { paths } from '../../config/paths.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session-store.ts';
import { useClassDetails } from '../../api/class-api.ts';
import { useClassText } from '../../lib/class-format.ts';
import { SharedBadge } from '../../components/course-card.tsx';
import { CourseImage } from '../../components/course-image.tsx';
import { useAfterCopy, useDeleteCourse, usePublishCourse, useShareCourse } from '../../components/course-jobs.tsx';
import { useCourseLinks } from '../../config/course-links.ts';
import { useCourse } from '../../api/courses-api.ts';
import css from './courses.module.css';
import { BackLink } from '../../components/back-link.tsx';

/* The header's dialogs load when they open: every course page (the grade book too) shows the header. */
const CourseFormDialog = lazy(() => import('../../components/course-form-dialog.tsx').then((m) => ({ default: m.CourseFormDialog })));
const CourseImageDialog = lazy(() => import('./course-image-dialog.tsx').then((m) => ({ default: m.CourseImageDialog })));
const CopyCourseDialog = lazy(() => import('../../components/course-copy-dialog.tsx').then((m) => ({ default: m.CopyCourseDialog })));

/** The class's teachers copy a course (also out of an archived class); the rest needs `can.manage`. */
const useIsClassTeacher = (classId: string) => useClassDetails(classId).data?.relation === 'teacher';

/** "Share with my school" / "Stop sharing": a class's course, for its teachers. */
const ShareButton = ({ course }: { course: CourseDetails }) => {
  const share = useShareCourse(course);
  const Icon = share.icon;
  return (
    <Button variant="default" leftSection={<Icon size={16} aria-hidden="true" />} loading={share.busy} onClick={() => void share.toggle()}>
      {share.label}
    </Button>
  );
};

interface CourseActionsProps {
  course: CourseDetails;
  canCopy: boolean;
  /** The edit dialog of the course's kind (a class's course form, or the catalogue's with its category). */
  renderEdit: (onClose: () => void) => ReactNode;
}

/**
 * Publish or unpublish, edit, picture, share (a class's course) and delete (`can.manage`) and
 * copy (the class's teachers). After deleting, back to the course's list.
 */
export const CourseActions = ({ course, canCopy, renderEdit }: CourseActionsProps) => {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const links = useCourseLinks();
  const publish = usePublishCourse(course);
  const remove = useDeleteCourse();
  const afterCopy = useAfterCopy(course.classId);
  const [dialog, setDialog] = useState<'edit' | 'image' | 'copy' | null>(null);
  const PublishIcon = publish.icon;
  const deleteCourse = async () => {
    if (await remove(course)) await navigate(links.courses(course.categoryId));
  };
  const manage = course.can.manage;
  return (
    <Group gap="xs">
      {manage && (
        <>
          <Button
            variant={course.published ? 'default' : 'filled'}
            leftSection={<PublishIcon size={16} aria-hidden="true" />}
            loading={publish.busy}
            onClick={() => void publish.toggle()}
          >
            {publish.label}
          </Button>
          <Button variant="default" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={() => setDialog('edit')}>
            {t('layout.edit')}
          </Button>
          <Button variant="default" leftSection={<IconPhoto size={16} aria-hidden="true" />} onClick={() => setDialog('image')}>
            {t('layout.image')}
          </Button>
          {course.classId !== null && <ShareButton course={course} />}
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
      <Suspense fallback={<DialogLoader />}>
        {dialog === 'edit' && renderEdit(() => setDialog(null))}
        {dialog === 'image' && <CourseImageDialog course={course} onClose={() => setDialog(null)} />}
        {dialog === 'copy' && <CopyCourseDialog course={course} onCopied={afterCopy} onClose={() => setDialog(null)} />}
      </Suspense>
    </Group>
  );
};

/**
 * A course opened while it is copied or deleted (or whose copy failed): what is happening instead
 * of the editor. The page asks again every few seconds and shows the course once the copy is done.
 */
export const CourseJobState = ({ course, canRemove }: { course: CourseDetails; canRemove: boolean }) => {
  const { t } = useTranslation(['courses', 'errors']);
  const navigate = useNavigate();
  const links = useCourseLinks();
  const remove = useDeleteCourse();
  if (course.job === 'copyFailed')
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />} title={t('errors:COPY_FAILED')} data-testid="course-job">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('jobs.failedPage')}</Text>
          {canRemove && (
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden="true" />}
              onClick={() => void remove(course).then((done) => done && navigate(links.courses(course.categoryId)))}
            >
              {t('jobs.remove')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  return (
    <Alert color="gray" variant="light" icon={<IconHourglass aria-hidden="true" />} data-testid="course-job" aria-live="polite">
      <Text size="sm">
        {course.job === 'copying' ? t('jobs.copyingPage') : course.classId === null ? t('jobs.deletingCataloguePage') : t('jobs.deletingPage')}
      </Text>
    </Alert>
  );
};

interface CourseHeaderProps {
  course: CourseDetails;
  /** The way back to the course's list. */
  back: { to: string; label: string };
  /** The buttons under the header. */
  actions?: ReactNode;
}

/** The course's picture, name, state, code, subject, grade and description, with the way back and the actions. */
export const CourseHeader = ({ course, back, actions }: CourseHeaderProps) => {
  const { t } = useTranslation('courses');
  const { grade } = useClassText();
  const staff = course.can.viewStudentMode || course.can.manage;
  usePageTitle('course', course.name);
  const facts = [course.code, course.subject, course.gradeLevel ? grade(course.gradeLevel) : null].filter(Boolean).join(' · ');
  return (
    <Stack gap="sm">
      <BackLink to={back.to}>{back.label}</BackLink>
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
              staff &&
              !course.job && (
                <>
                  <StatusBadge status={course.status} />
                  {course.shared && <SharedBadge />}
                </>
              )
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
          {staff && <Text size="sm">{course.sequential ? t('layout.sequential') : t('layout.freeOrder')}</Text>}
        </Stack>
      </Group>
      {actions}
    </Stack>
  );
};

/** A class's course: its header with the class's teachers' actions. */
const ClassCourseHeader = ({ course }: { course: CourseDetails }) => {
  const { t } = useTranslation('courses');
  const links = useCourseLinks();
  const teacher = useIsClassTeacher(course.classId ?? '');
  const actions = course.job === null && (course.can.manage || teacher) && (
    <CourseActions
      course={course}
      canCopy={teacher}
      renderEdit={(onClose) => <CourseFormDialog classId={course.classId ?? ''} course={course} onClose={onClose} />}
    />
  );
  return <CourseHeader course={course} back={{ to: links.courses(), label: t('layout.allCourses') }} actions={actions} />;
};

/** A class course's tabs for the signed-in role (the grade tabs follow the route guards). */
const useCourseTabs = (course: CourseDetails) => {
  const { t } = useTranslation(['courses', 'gradeReport']);
  const links = useCourseLinks();
  const roleId = useSession((s) => s.profile?.roleId);
  const classId = links.classId;
  if (!classId || roleId === undefined) return [];
  const staff = course.can.viewStudentMode && links.studentMode !== null;
  // Any grade-setup tab marks "Grade setup" (its link opens the first tab).
  const setupBase = paths.classGradeSetup.to(classId, course.id).replace(/[^/]+$/, '');
  const tabs: { to: string; label: string; active?: (pathname: string) => boolean }[] = [{ to: links.course(course.id), label: t('titles.course') }];
  if (staff && links.studentMode) tabs.push({ to: links.studentMode(course.id), label: t('titles.studentMode') });
  if (staff && canOpen('gradeBook', roleId)) tabs.push({ to: paths.classGradeBook.to(classId, course.id), label: t('gradeReport:tabs.gradeBook') });
  if (staff && canOpen('gradeSetup', roleId))
    tabs.push({ to: paths.classGradeSetup.to(classId, course.id), label: t('gradeReport:tabs.gradeSetup'), active: (p) => p.startsWith(setupBase) });
  if (!staff && canOpen('gradeOwn', roleId)) tabs.push({ to: paths.classGrade.to(classId, course.id), label: t('gradeReport:tabs.grades') });
  if (canOpen('discussions', roleId)) {
    const discussions = paths.classDiscussions.to(classId, course.id);
    tabs.push({ to: discussions, label: t('layout.discussionsTab'), active: (p) => p === discussions || p.startsWith(`${discussions}/`) });
  }
  return tabs;
};

/**
 * The course's tabs, links that look like tabs (the open one is marked): teachers Course, Student
 * view, Grade book and Grade setup; assistants Course and Student view; students and parents
 * Course and Grades; everyone of the course Discussions. Scrolls sideways on narrow screens.
 */
const CourseTabs = ({ course }: { course: CourseDetails }) => {
  const { t } = useTranslation('courses');
  const { pathname } = useLocation();
  const tabs = useCourseTabs(course);
  if (tabs.length < 2) return null;
  return (
    <Box component="nav" aria-label={t('layout.tabs')}>
      <Group gap="xs" wrap="nowrap" className={css.tabs}>
        {tabs.map((tab) =>
          tab.active ? (
            <Link key={tab.to} to={tab.to} className={css.tab} aria-current={tab.active(pathname) ? 'page' : undefined}>
              {tab.label}
            </Link>
          ) : (
            <NavLink key={tab.to} end to={tab.to} className={css.tab}>
              {tab.label}
            </NavLink>
          ),
        )}
      </Group>
    </Box>
  );
};

/**
 * A course page's loading and errors: skeletons, not-found for a course the user cannot reach,
 * and back to the course's list for a course deleted while it was open. The loaded course goes
 * to `children`.
 */
export const CourseLoadState = ({
  classId,
  courseId,
  children,
}: {
  classId: string | null;
  courseId: string;
  children: (course: CourseDetails) => ReactNode;
}) => {
  const links = useCourseLinks();
  const q = useCourse(classId, courseId);
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
    // A course deleted while it was open: back to its list.
    if (q.data?.job === 'deleting' && isApiError(q.error) && q.error.status === 404) return <Navigate to={links.courses(q.data.categoryId)} replace />;
    if (isApiError(q.error) && (q.error.status === 404 || q.error.status === 403 || q.error.code === 'VALIDATION'))
      return <Navigate to={paths.notFound.to()} replace />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        <ErrorText error={q.error} />
      </Alert>
    );
  }
  return children(q.data);
};

/**
 * `#/classes/:id/courses/:courseId`: the course's header (picture, name, code, subject, grade, and
 * for its teachers publish, edit, picture, share, copy and delete) and its tabs; the open tab
 * renders below. A course the user cannot reach, or one of another class, is a 404. While the
 * course is copied or deleted the page says so instead of showing its tabs, and follows the job
 * to its end.
 */
export const CourseLayout = () => {
  const { id = '', courseId = '' } = useParams();
  const teacher = useIsClassTeacher(id);
  return (
    <CourseLoadState classId={id} courseId={courseId}>
      {(course) =>
        course.classId !== id ? (
          <Navigate to={paths.notFound.to()} replace />
        ) : (
          <Stack gap="md">
            <ClassCourseHeader course={course} />
            {course.job ? (
              <CourseJobState course={course} canRemove={teacher} />
            ) : (
              <>
                <CourseTabs course={course} />
                <Outlet />
              </>
            )}
          </Stack>
        )
      }
    </CourseLoadState>
  );
};
