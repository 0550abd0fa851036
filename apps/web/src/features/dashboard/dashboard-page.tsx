import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconChecklist, IconClipboardList, IconSpeakerphone } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roleKeyOf } from '@klase/core/roles';
import { EmptyState, type EmptyKind } from '../../components/empty-state.tsx';
import { useSession } from '../../lib/session-store.ts';
import { GuidedTour } from './guided-tour.tsx';
import { WelcomeDialog } from './welcome-dialog.tsx';

const Section = ({ title, icon, empty }: { title: string; icon: ReactNode; empty: EmptyKind }) => (
  <Card withBorder padding="md" component="section" aria-label={title}>
    <Group gap="xs" mb="xs">
      {icon}
      <Title order={2} size="h4">
        {title}
      </Title>
    </Group>
    <EmptyState kind={empty} />
  </Card>
);

/**
 * The dashboard. What's Due, Pending Submissions, announcements and events have no data source
 * yet (classes and courses come with later issues), so they show the spec's empty texts.
 */
export const DashboardPage = () => {
  const { t } = useTranslation('common');
  const profile = useSession((s) => s.profile);
  const [touring, setTouring] = useState(false);
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
            <Text c="dimmed">
              {[role ? t(`roles.${role}`) : null, profile.schoolName].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
          <Button variant="light" onClick={() => setTouring(true)}>
            {t('dashboard.tour')}
          </Button>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('dashboard.whatsDue')} icon={<IconChecklist size={20} aria-hidden="true" />} empty="noRecords" />
        <Section title={t('dashboard.pendingSubmissions')} icon={<IconClipboardList size={20} aria-hidden="true" />} empty="noRecords" />
        <Section title={t('dashboard.announcements')} icon={<IconSpeakerphone size={20} aria-hidden="true" />} empty="noRecords" />
        <Section title={t('dashboard.upcomingEvents')} icon={<IconCalendarEvent size={20} aria-hidden="true" />} empty="noUpcomingEvents" />
      </SimpleGrid>
      <WelcomeDialog name={profile.firstName} />
      <GuidedTour opened={touring} onClose={() => setTouring(false)} />
    </Stack>
  );
};
