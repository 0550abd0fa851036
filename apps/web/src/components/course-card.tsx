import { Fragment } from 'react';
import type { ReactNode } from 'react';
import { Badge, Button, Card, Group, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBook, IconListDetails, IconShare, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CourseRow } from '@klase/core/courses/contracts';
import { BusyGuard, CopyingSkeleton, isBusyStatus, StatusBadge } from './status-badge.tsx';
import { useTone } from './tones.ts';
import { useClassText } from '../lib/class-format.ts';
import { CourseImage } from './course-image.tsx';
import { classCourseLinks } from '../config/course-links.ts';
import { CourseMenu, useDeleteCourse } from './course-jobs.tsx';
import css from './course-card.module.css';

const CARD_PROPS = { withBorder: true, padding: 'md', radius: 'md', h: '100%', 'data-testid': 'course-card' } as const;

export type CourseLayoutKind = 'grid' | 'list';

interface CourseCardProps {
  course: CourseRow;
  /** Staff see the published state. */
  showStatus: boolean;
  /** My Courses names the class of each course. */
  showClass?: boolean;
  layout?: CourseLayoutKind;
  /** What the signed-in teacher may do with the course (its menu); nothing for everyone else. `share` defaults to `remove`. */
  actions?: { copy: boolean; remove: boolean; share?: boolean };
  /** The class whose courses tab lists the card; null (default) on My Courses. */
  pageClassId?: string | null;
  /** Where the card leads; by default a class's course opens in its class (a course without a class leads nowhere unless given). */
  to?: string;
  /** Replaces the menu of `actions` (e.g. the catalogue's own). */
  menu?: ReactNode;
}

/** "Shared": the course is shared with the other teachers of the school. */
export const SharedBadge = () => {
  const { t } = useTranslation('courses');
  return (
    <Badge
      variant="filled"
      color="teal.9"
      c="white"
      tt="none"
      leftSection={<IconShare size={12} aria-hidden="true" />}
      style={{ flexShrink: 0 }}
      data-testid="shared-badge"
    >
      {t('share.badge')}
    </Badge>
  );
};

/** "Science · Grade 7" (whichever is known). */
const useSubjectGrade = () => {
  const { grade } = useClassText();
  return (c: Pick<CourseRow, 'subject' | 'gradeLevel'>) => [c.subject, c.gradeLevel ? grade(c.gradeLevel) : null].filter(Boolean).join(' · ');
};

/** A student's share of the course done: the number beside a named bar. */
export const CourseProgress = ({ name, percent }: { name: string; percent: number }) => {
  const { t } = useTranslation('courses');
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">{t('card.progress')}</Text>
        <Text size="sm" fw={700}>{`${value}%`}</Text>
      </Group>
      <Progress.Root size="md">
        <Progress.Section value={value} aria-label={t('card.progressOf', { name })} />
      </Progress.Root>
    </Stack>
  );
};

const Counts = ({ course }: { course: CourseRow }) => {
  const { t } = useTranslation('courses');
  return (
    <Group gap="md">
      <Group gap={6} wrap="nowrap">
        <IconListDetails size={16} aria-hidden="true" />
        <Text size="sm">{t('card.elementCount', { count: course.elementCount })}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconBook size={16} aria-hidden="true" />
        <Text size="sm">{t('card.materialCount', { count: course.materialCount })}</Text>
      </Group>
    </Group>
  );
};

/** A copy that failed: the spec's message in the danger colour and, for its teachers, "Remove". */
const CopyFailed = ({ course, canRemove, title }: { course: CourseRow; canRemove: boolean; title: ReactNode }) => {
  const { t } = useTranslation(['courses', 'errors']);
  const danger = useTone('danger');
  const remove = useDeleteCourse();
  return (
    <Stack gap={6} style={{ minWidth: 0, flex: 1 }} data-job="copyFailed">
      {title}
      <Group gap={6} wrap="nowrap" align="flex-start" c={danger}>
        <IconAlertTriangle size={18} aria-hidden="true" style={{ flexShrink: 0 }} />
        <Text size="sm" fw={700} c={danger} role="status">
          {t('errors:COPY_FAILED')}
        </Text>
      </Group>
      {canRemove && (
        <Button
          size="xs"
          variant="outline"
          color="red.9"
          w="fit-content"
          leftSection={<IconTrash size={14} aria-hidden="true" />}
          aria-label={t('jobs.removeNamed', { name: course.name })}
          onClick={() => void remove(course)}
        >
          {t('jobs.remove')}
        </Button>
      )}
    </Stack>
  );
};

interface CourseFactsProps extends Required<Omit<CourseCardProps, 'showClass' | 'actions' | 'pageClassId' | 'to' | 'menu'>> {
  showClass?: boolean;
  /** The course's name is the card's link (its click area covers the card); null: not a link. */
  href: string | null;
  menu: ReactNode;
  canRemove: boolean;
}

/** The text of a card; the list layout puts code, subject, grade and class on one line. */
const CourseFacts = ({ course, showStatus, showClass, layout, href, menu, canRemove }: CourseFactsProps) => {
  const { t } = useTranslation('courses');
  const subjectGrade = useSubjectGrade();
  if (course.job === 'copying') return <CopyingSkeleton lines={3} />;
  const line = subjectGrade(course);
  const className = showClass && course.className ? t('card.class', { name: course.className }) : null;
  // The chip sits beside the code, so the name keeps the width beside the menu (cards and phones are narrow).
  const status = showStatus && !course.job && (
    <Group gap={6} wrap="nowrap">
      {course.shared && <SharedBadge />}
      <StatusBadge status={course.status} style={{ flexShrink: 0 }} />
    </Group>
  );
  const title = (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {href ? (
          <Link to={href} className={css.cardLink}>
            {course.name}
          </Link>
        ) : (
          course.name
        )}
      </Title>
      {menu}
    </Group>
  );
  if (course.job === 'copyFailed') return <CopyFailed course={course} canRemove={canRemove} title={title} />;
  return (
    <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
      {title}
      {layout === 'list' ? (
        <Group justify="space-between" align="flex-start" gap="xs">
          {/* On phones the chip moves under the line rather than squeezing it. */}
          <Text size="sm" style={{ overflowWrap: 'anywhere', flex: '1 1 220px', minWidth: 0 }}>
            <Text span ff="monospace" size="sm">
              {course.code}
            </Text>
            {[line, className].filter(Boolean).map((part) => ` · ${part}`)}
          </Text>
          {status}
        </Group>
      ) : (
        <>
          <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {course.code}
            </Text>
            {status}
          </Group>
          {line && <Text size="sm">{line}</Text>}
          {className && (
            <Text size="sm" fw={500}>
              {className}
            </Text>
          )}
        </>
      )}
      <Counts course={course} />
      {course.percent !== null && <CourseProgress name={course.name} percent={course.percent} />}
    </Stack>
  );
};

/**
 * A course in the class's course list, My Courses and the catalogue: its image (or coloured code
 * block), name, code, subject and grade, counts, the status chip (and "Shared") for staff and the
 * progress for students. The course's name is a link whose click area covers the card; its
 * teachers get a menu (copy, share, delete) beside the name. While the course is copied or deleted, the card shows the badge and
 * takes no clicks, also not on its menu; a failed copy says so and is not a link.
 */
export const CourseCard = ({ course, showStatus, showClass, layout = 'grid', actions, pageClassId = null, to, menu: ownMenu }: CourseCardProps) => {
  const href = course.job !== null ? null : (to ?? (course.classId ? classCourseLinks(course.classId).course(course.id) : null));
  const linked = href !== null;
  const menu =
    course.job === 'copyFailed'
      ? null
      : (ownMenu ??
        (actions && <CourseMenu course={course} canCopy={actions.copy} canDelete={actions.remove} canShare={actions.share} pageClassId={pageClassId} />));
  const facts = (
    <CourseFacts course={course} showStatus={showStatus} showClass={showClass} layout={layout} href={href} menu={menu} canRemove={actions?.remove ?? false} />
  );
  const body =
    layout === 'grid' ? (
      // An array, not a fragment: the card sees the image section as its first child and lets it touch the edges.
      [
        <Card.Section key="image" mb="sm">
          <CourseImage course={course} height={110} />
        </Card.Section>,
        <Fragment key="facts">{facts}</Fragment>,
      ]
    ) : (
      <Group align="flex-start" wrap="nowrap" gap="md">
        <CourseImage course={course} height={72} width={96} codeSize="xs" />
        {facts}
      </Group>
    );
  return (
    <BusyGuard status={course.job}>
      <Card
        {...CARD_PROPS}
        className={linked ? css.linkCard : undefined}
        data-job={course.job ?? undefined}
        // A busy list row leaves room above its text for the job's badge.
        pt={layout === 'list' && isBusyStatus(course.job) ? 40 : undefined}
        style={course.job === 'copyFailed' ? { borderColor: 'var(--mantine-color-red-9)' } : undefined}
      >
        {body}
      </Card>
    </BusyGuard>
  );
};

/** Placeholder cards while a list loads. */
export const CourseCardSkeleton = () => (
  <Card withBorder padding="md" radius="md" aria-hidden="true">
    <Card.Section mb="sm">
      <Skeleton height={110} radius={0} />
    </Card.Section>
    <Stack gap={8}>
      <Skeleton height={18} width="70%" />
      <Skeleton height={12} width="40%" />
      <Skeleton height={12} width="60%" />
    </Stack>
  </Card>
);
