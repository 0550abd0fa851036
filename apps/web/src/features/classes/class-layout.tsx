import { Alert, Box, Group, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { slot } from '../../lib/slots.ts';
import { IconAlertTriangle, IconArchive } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClassDetails } from '@klase/core/classes/contracts';
import { canOpen } from '@klase/core/guards';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { PersonCell } from '../../components/person-cell.tsx';
import { paths } from '../../config/paths.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useSession } from '../../lib/session-store.ts';
import { useClassDetails } from '../../api/class-api.ts';
import { schoolYearText, useClassText } from '../../lib/class-format.ts';
import css from './classes.module.css';
import { BackLink } from '../../components/back-link.tsx';

const AdviserLine = slot('adviserLine');

/** The tabs a user sees in a class: by role (class list) and by what the API says they may do. */
export const classTabs = (cls: ClassDetails, roleId: number): { key: string; to: string }[] => [
  { key: 'courses', to: paths.classCourses.to(cls.id) },
  ...(canOpen('classListStudents', roleId) ? [{ key: 'classList', to: paths.classList.to(cls.id) }] : []),
  ...(cls.can.viewProgress ? [{ key: 'progress', to: paths.classProgress.to(cls.id) }] : []),
  ...(cls.can.viewProgress
    ? [
        { key: 'attendance', to: paths.classAttendance.to(cls.id) },
        { key: 'observedValues', to: paths.classObservedValues.to(cls.id) },
      ]
    : []),
  { key: 'materials', to: paths.classMaterials.to(cls.id) },
  ...(cls.can.viewProgress ? [{ key: 'reportCards', to: paths.classReportCards.to(cls.id) }] : []),
  ...(cls.can.manage ? [{ key: 'settings', to: paths.classSettings.to(cls.id) }] : []),
];

const ClassHeader = ({ cls }: { cls: ClassDetails }) => {
  const { t } = useTranslation('classes');
  const { gradeSection, roleName } = useClassText();
  usePageTitle('class', cls.name);
  return (
    <Stack gap="xs">
      <BackLink to={paths.classes.to()}>{t('layout.allClasses')}</BackLink>
      <PageHeading />
      <Text fw={500}>
        {gradeSection(cls.gradeLevel, cls.section)} ·{' '}
        <span style={{ whiteSpace: 'nowrap' }}>{t('list.schoolYear', { year: schoolYearText(cls.schoolYearFrom, cls.schoolYearTo) })}</span>
      </Text>
      {cls.teachers.length > 0 && (
        <Group gap="md" aria-label={t('layout.teachers')} role="group">
          {cls.teachers.map((p) => (
            <PersonCell key={p.id} name={p.name} photoUrl={p.photoUrl} hint={roleName(p.roleId)} />
          ))}
        </Group>
      )}
      <AdviserLine classId={cls.id} />
      {cls.archived && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconArchive aria-hidden="true" />}
          title={t('layout.archivedTitle')}
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {t('layout.archivedText')}
        </Alert>
      )}
    </Stack>
  );
};

/** The tabs as links in one row that scrolls sideways on phones; the open one is scrolled into view. */
const ClassTabs = ({ cls, roleId }: { cls: ClassDetails; roleId: number }) => {
  const { t } = useTranslation('classes');
  const { pathname } = useLocation();
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <Box component="nav" aria-label={t('layout.tabs')} ref={nav}>
      <ScrollArea type="scroll" scrollbarSize={4}>
        <Group gap={0} wrap="nowrap" className={css.tabs}>
          {classTabs(cls, roleId).map((tab) => (
            <NavLink key={tab.key} to={tab.to} className={css.tab}>
              {t(`tabs.${tab.key}`)}
            </NavLink>
          ))}
        </Group>
      </ScrollArea>
    </Box>
  );
};

const LayoutSkeleton = () => (
  <Stack gap="sm" aria-busy="true" data-testid="class-loading">
    <Skeleton height={28} width="50%" />
    <Skeleton height={14} width="35%" />
    <Skeleton height={32} width="30%" />
    <Skeleton height={36} />
    <Skeleton height={160} />
  </Stack>
);

/**
 * `#/classes/:id`: the class's header and its tabs as links (courses, class list, progress,
 * materials, settings); the tab's page renders below. A class the user cannot reach is a 404.
 */
export const ClassLayout = () => {
  const { id = '' } = useParams();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const q = useClassDetails(id);
  if (q.isPending) return <LayoutSkeleton />;
  if (q.isError) {
    if (isApiError(q.error) && (q.error.status === 404 || q.error.status === 403)) return <Navigate to={paths.notFound.to()} replace />;
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        <ErrorText error={q.error} />
      </Alert>
    );
  }
  const cls = q.data;
  // The adviser line (another feature's slot: its code and its request) is awaited with the whole
  // page, so nothing below it moves once shown.
  return (
    <Suspense fallback={<LayoutSkeleton />}>
      <Stack gap="md">
        <ClassHeader cls={cls} />
        <ClassTabs cls={cls} roleId={roleId} />
        <Outlet />
      </Stack>
    </Suspense>
  );
};
