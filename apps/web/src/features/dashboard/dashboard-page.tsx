import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { canOpen } from '@klase/core/guards';
import { ROLE, roleKeyOf } from '@klase/core/roles';
import { cleanChildName } from '@klase/core/status';
import { useTone } from '../../components/tones.ts';
import { useSession } from '../../lib/session-store.ts';
import { slot } from '../../lib/slots.ts';
import { startTour } from '../../lib/tour.ts';
import { WelcomeDialog } from './welcome-dialog.tsx';
import { MessageCard, PendingCard, RecentGradesCard, WhatsDueCard } from './work-lists.tsx';

/** Boxes of other features (lib/slots.ts), each loaded with the page's first render. */
const AnnouncementsBox = slot('announcementsBox');
const UpcomingEventsCard = slot('upcomingEvents');

/** A parent's lists follow the child chosen in the app's header. */
const ChildLists = () => {
  const { t } = useTranslation('dashboard');
  const children = useSession((s) => s.childrenList);
  const childId = useSession((s) => s.selectedChildId);
  const child = children.find((c) => c.id === childId);
  if (children.length === 0) return <MessageCard text={t('empty.noChildren')} />;
  if (!child) return <MessageCard text={t('empty.pickChild')} />;
  const subtitle = t('forChild', { name: cleanChildName(child.name) || child.username });
  return (
    <>
      <WhatsDueCard childId={child.id} subtitle={subtitle} />
      <RecentGradesCard childId={child.id} subtitle={subtitle} />
    </>
  );
};

/** Upcoming events and due dates: a parent's are the selected child's (their own until one is chosen). */
const UpcomingEvents = ({ parent }: { parent: boolean }) => {
  const { t } = useTranslation('dashboard');
  const children = useSession((s) => s.childrenList);
  const childId = useSession((s) => s.selectedChildId);
  const child = parent ? children.find((c) => c.id === childId) : undefined;
  return <UpcomingEventsCard childId={child?.id ?? null} subtitle={child ? t('forChild', { name: cleanChildName(child.name) || child.username }) : null} />;
};

/** The work lists of the role: a student's What's Due, staff's Pending Submissions, a parent's child's lists. */
const WorkLists = ({ roleId }: { roleId: number }) => {
  if (roleId === ROLE.student) return <WhatsDueCard childId={null} />;
  if (roleId === ROLE.teacher || roleId === ROLE.assistantTeacher) return <PendingCard />;
  if (roleId === ROLE.parent) return <ChildLists />;
  return null;
};

/**
 * The dashboard: the role's work lists (packages/core/src/assessments/dashboard.ts), then
 * the announcements (features/announcements/announcements-box.tsx) and the upcoming events of the
 * calendar (issue 17).
 */
export const DashboardPage = () => {
  const { t } = useTranslation('common');
  const profile = useSession((s) => s.profile);
  const muted = useTone('muted');
  if (!profile) return null;
  const role = roleKeyOf(profile.roleId);
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" component="section" aria-labelledby="klase-welcome">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={1} size="h2" id="klase-welcome">
              {t('dashboard.welcome', { name: profile.firstName })}
            </Title>
            <Text c={muted}>{[role ? t(`roles.${role}`) : null, profile.schoolName].filter(Boolean).join(' · ')}</Text>
          </Stack>
          <Button variant="light" onClick={() => void startTour()}>
            {t('dashboard.tour')}
          </Button>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <WorkLists roleId={profile.roleId} />
        <Suspense fallback={<Card withBorder padding="md" aria-busy="true" mih={120} />}>
          <AnnouncementsBox />
        </Suspense>
        {/* The calendar belongs to accounts of a school: platform roles have none. */}
        {canOpen('calendar', profile.roleId) && (
          <Suspense fallback={<Card withBorder padding="md" aria-busy="true" mih={120} />}>
            <UpcomingEvents parent={profile.roleId === ROLE.parent} />
          </Suspense>
        )}
      </SimpleGrid>
      <WelcomeDialog name={profile.firstName} />
    </Stack>
  );
};
