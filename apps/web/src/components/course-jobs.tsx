import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconCopy, IconDotsVertical, IconEye, IconEyeOff, IconShare, IconShareOff, IconTrash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type CourseCopyAnswer, type CourseDetails, type CourseRow } from '@klase/core/courses/contracts';
import { useConfirm } from './confirm-dialog.tsx';
import { DialogLoader } from './page-loader.tsx';
import { useErrorMessage } from './error-text.tsx';
import { toastError, toastSuccess } from '../lib/toasts.ts';
import { useTone } from './tones.ts';
import { paths } from '../config/paths.ts';
import { courseKeys, deleteCourseCall, publishCourseCall, shareCourseCall, useCourseAction, useReloadCourses } from '../api/courses-api.ts';
import css from './course-card.module.css';
import { contentsChoice } from './publish-contents.tsx';

type JobCourse = Pick<CourseRow, 'id' | 'name' | 'classId'>;

/** The copy dialog loads when it opens. */
const CopyCourseDialog = lazy(() => import('./course-copy-dialog.tsx').then((m) => ({ default: m.CopyCourseDialog })));

/**
 * Where a started copy is watched: on My Courses the page stays; from a class's page the class's
 * courses tab when the copy lands in that class, else My Courses (which lists every class).
 */
export const useAfterCopy = (pageClassId: string | null) => {
  const navigate = useNavigate();
  return async (answer: CourseCopyAnswer) => {
    if (pageClassId === null) return;
    await navigate(answer.classId === pageClassId ? paths.classCourses.to(pageClassId) : paths.myCourses.to());
  };
};

/**
 * Delete a course (or remove a failed copy): asked first, then the server marks it "deleting"
 * and removes it in the background. Resolves true once the deletion has started.
 */
export const useDeleteCourse = () => {
  const { t } = useTranslation('courses');
  const confirm = useConfirm();
  const errorMessage = useErrorMessage();
  const reload = useReloadCourses();
  const queryClient = useQueryClient();
  return async (course: JobCourse & Pick<CourseRow, 'job'>): Promise<boolean> => {
    const failed = course.job === 'copyFailed';
    // A catalogue course (no class) has no students; the copies teachers made of it stay.
    const deleteConfirm = course.classId === null ? 'jobs.deleteCatalogueConfirm' : 'jobs.deleteConfirm';
    const ask = failed
      ? { title: t('jobs.removeTitle'), message: t('jobs.removeConfirm', { name: course.name }), confirmLabel: t('jobs.remove') }
      : { title: t('jobs.deleteTitle'), message: t(deleteConfirm, { name: course.name }), confirmLabel: t('jobs.delete') };
    if (!(await confirm({ ...ask, danger: true }))) return false;
    try {
      const answer = await deleteCourseCall(course.id);
      // The open course page learns at once that it is being deleted: when the (fast) job has
      // removed it, its next load answers 404 and the page goes back to the list, not to "not found".
      queryClient.setQueryData<CourseDetails>(courseKeys.one(course.classId, course.id), (old) => (old ? { ...old, job: 'deleting' } : old));
      toastSuccess(answer.message);
      return true;
    } catch (e) {
      toastError(errorMessage(e));
      return false;
    } finally {
      await reload(course.classId);
    }
  };
};

/**
 * Publish or unpublish a course, asked first (a class's students, or for a catalogue course the
 * teachers of every school, start or stop seeing it); the server's message as the toast.
 */
export const usePublishCourse = (course: Pick<CourseRow, 'id' | 'classId' | 'published'>) => {
  const { t } = useTranslation('courses');
  const { busy, run } = useCourseAction(course.classId);
  const key = course.published ? 'unpublish' : 'publish';
  const confirmKey = course.classId === null ? `publish.${key}CatalogueCourseConfirm` : `publish.${key}CourseConfirm`;
  const toggle = () => {
    // Publishing offers "publish everything in it" (issue 13); unpublishing leaves the contents alone.
    const choice = course.published ? null : contentsChoice(t(confirmKey), t('publish.contentsCourse'));
    return run(key, {
      ask: { title: t(`publish.${key}CourseTitle`), message: choice?.message ?? t(confirmKey), confirmLabel: t(`publish.${key}`) },
      success: t(`publish.${key}ed`),
      send: () => publishCourseCall(course.id, !course.published, choice?.contents() ?? false),
    });
  };
  return { busy: busy === key, label: t(`publish.${key}`), icon: course.published ? IconEyeOff : IconEye, toggle };
};

/**
 * "Share with my school" / "Stop sharing" (teachers of the course's class): asked first, the
 * server's message as the toast; the course's pages and lists reload.
 */
export const useShareCourse = (course: Pick<CourseRow, 'id' | 'name' | 'classId' | 'shared'>) => {
  const { t } = useTranslation('courses');
  const queryClient = useQueryClient();
  const { busy, run } = useCourseAction(course.classId);
  const key = course.shared ? 'unshare' : 'share';
  const toggle = async () => {
    await run(key, {
      ask: { title: t(`share.${key}Title`), message: t(`share.${key}Confirm`, { name: course.name }), confirmLabel: t(`share.${key}`) },
      success: t(`share.${key}d`),
      send: () => shareCourseCall(course.id, !course.shared),
    });
    await queryClient.invalidateQueries({ queryKey: courseKeys.mine });
  };
  return { busy: busy === key, label: t(`share.${key}`), icon: course.shared ? IconShareOff : IconShare, toggle };
};

/** The share item of a course card's menu. */
const ShareMenuItem = ({ course }: { course: CourseRow }) => {
  const share = useShareCourse(course);
  const Icon = share.icon;
  return (
    <Menu.Item leftSection={<Icon size={16} aria-hidden="true" />} onClick={() => void share.toggle()}>
      {share.label}
    </Menu.Item>
  );
};

/**
 * A course card's menu: a named button beside the course's name (above the card's stretched
 * link), disabled while the course is copied or deleted; `children` are its items.
 */
export const CourseMenuButton = ({ course, children }: { course: Pick<CourseRow, 'name' | 'job'>; children: ReactNode }) => {
  const { t } = useTranslation('courses');
  return (
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('jobs.actions', { name: course.name })}
          disabled={course.job !== null}
          className={css.cardMenu}
        >
          <IconDotsVertical size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
};

interface CourseMenuProps {
  course: CourseRow;
  canCopy: boolean;
  canDelete: boolean;
  /** "Share with my school" / "Stop sharing"; by default whoever may delete the course may share it. */
  canShare?: boolean;
  /** The class whose page lists the card; null on My Courses. */
  pageClassId: string | null;
}

/** A course card's menu for its teachers: copy, share and delete. While the course is deleted it is disabled. */
export const CourseMenu = ({ course, canCopy, canDelete, canShare = canDelete, pageClassId }: CourseMenuProps) => {
  const { t } = useTranslation('courses');
  const danger = useTone('danger');
  const [copying, setCopying] = useState(false);
  const remove = useDeleteCourse();
  const afterCopy = useAfterCopy(pageClassId);
  const shareable = canShare && course.classId !== null;
  if (!canCopy && !canDelete && !shareable) return null;
  return (
    <>
      <CourseMenuButton course={course}>
        {canCopy && (
          <Menu.Item leftSection={<IconCopy size={16} aria-hidden="true" />} onClick={() => setCopying(true)}>
            {t('jobs.copy')}
          </Menu.Item>
        )}
        {shareable && <ShareMenuItem course={course} />}
        {canDelete && (
          <Menu.Item c={danger} leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={() => void remove(course)}>
            {t('jobs.delete')}
          </Menu.Item>
        )}
      </CourseMenuButton>
      {copying && (
        <Suspense fallback={<DialogLoader />}>
          <CopyCourseDialog course={course} onCopied={afterCopy} onClose={() => setCopying(false)} />
        </Suspense>
      )}
    </>
  );
};
