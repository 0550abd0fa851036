import type { ReactNode } from 'react';
import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FALLBACK_PHOTO } from '../../components/image-loader.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { ClassListTabs, type LinkTab } from '../../components/class-list-tabs.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { sizedPicture } from '../../lib/photo.ts';

interface PersonPageProps {
  classId: string;
  /** The person's record while it loads or failed (null fields until then). */
  query: { isPending: boolean; isError: boolean; error: unknown };
  person: { name: string; photoUrl: string | null } | undefined;
  /** A line under the name (username, role). */
  hint?: ReactNode;
  tabs: LinkTab[];
  tabsLabel: string;
}

/**
 * The frame of a student's or a teacher's page in the class list: a link back to the students,
 * the large photo with the name as the page's heading, the tab links and the open tab.
 */
export const PersonPage = ({ classId, query, person, hint, tabs, tabsLabel }: PersonPageProps) => {
  const { t } = useTranslation('classList');
  return (
    <Stack gap="md">
      <BackLink to={paths.classStudents.to(classId)}>{t('person.back')}</BackLink>
      {query.isPending ? (
        <PageLoader />
      ) : query.isError || !person ? (
        <ErrorText error={query.error} />
      ) : (
        <>
          <Group gap="md" wrap="nowrap">
            <Avatar src={person.photoUrl ? sizedPicture(person.photoUrl, 72) : FALLBACK_PHOTO} alt="" radius="xl" size={72}>
              {person.name.slice(0, 1)}
            </Avatar>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {person.name}
              </Title>
              {hint && (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {hint}
                </Text>
              )}
            </Stack>
          </Group>
          <ClassListTabs tabs={tabs} label={tabsLabel} />
          <Outlet />
        </>
      )}
    </Stack>
  );
};

/** A bordered block of a person's about tab with its heading (under the person's name). */
export const PersonSection = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
    <Stack gap="sm">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  </Paper>
);
