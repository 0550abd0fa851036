import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SchoolDetails } from '@klase/core/admin/schools';
import { DateText } from '../../components/date-text.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session-store.ts';
import { canManageSchools, canWriteAdmin, isPlatformAdmin } from './admin-access.ts';
import { DetailList } from '../../components/detail-list.tsx';
import { SchoolStatusButton } from './school-status-button.tsx';
import { useSchoolQuery } from './schools-api.ts';

const ExternalLink = ({ href }: { href: string | null }) =>
  href ? (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </Anchor>
  ) : null;

const Details = ({ school, roleId }: { school: SchoolDetails; roleId: number }) => {
  const { t } = useTranslation('admin');
  const yesNo = (b: boolean) => (b ? t('yes') : t('no'));
  const schoolYear = school.schoolYearFrom && school.schoolYearTo ? `${school.schoolYearFrom}–${school.schoolYearTo}` : null;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {school.name}
          </Title>
          <Group gap="xs">
            <StatusBadge status={school.status} label={school.enabled ? t('schools.enabledChip') : t('schools.disabledChip')} />
          </Group>
        </Stack>
        <Group gap="xs">
          {canWriteAdmin(roleId) && (
            <Button component={Link} to={paths.adminSchoolEdit.to(school.id)} leftSection={<IconPencil size={16} aria-hidden="true" />}>
              {t('edit')}
            </Button>
          )}
          {canManageSchools(roleId) && <SchoolStatusButton school={school} />}
        </Group>
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <DetailList
          items={[
            ...(isPlatformAdmin(roleId) ? [{ label: t('schools.customer'), value: school.customerName }] : []),
            { label: t('schools.code'), value: school.code },
            { label: t('schools.depedSchoolId'), value: school.depedSchoolId },
            { label: t('schools.sector'), value: t(`sector.${school.sector}`) },
            { label: t('schools.schoolYear'), value: schoolYear },
            { label: t('schools.address'), value: school.address },
            { label: t('schools.barangay'), value: school.barangay },
            { label: t('schools.city'), value: school.city },
            { label: t('schools.province'), value: school.province },
            { label: t('schools.region'), value: school.region },
            { label: t('schools.country'), value: school.country },
            { label: t('schools.zipCode'), value: school.zipCode },
            { label: t('schools.lmsUrl'), value: <ExternalLink href={school.lmsUrl} /> },
            { label: t('schools.websiteUrl'), value: <ExternalLink href={school.websiteUrl} /> },
            { label: t('schools.requireParentAccount'), value: yesNo(school.requireParentAccount) },
            { label: t('schools.studentMessaging'), value: yesNo(school.studentMessaging) },
            { label: t('schools.userCount'), value: String(school.userCount) },
            { label: t('createdAt'), value: <DateText value={school.createdAt} format="long" /> },
            { label: t('updatedAt'), value: <DateText value={school.updatedAt} format="long" /> },
          ]}
        />
      </Paper>
      <Group>
        <Anchor component={Link} to={paths.adminUsers.to({ schoolId: school.id })}>
          {t('schools.viewUsers')}
        </Anchor>
      </Group>
    </Stack>
  );
};

/** `#/admin/schools/:id`: every field, creation and last-modification dates, edit and enable/disable. */
export const SchoolDetailsPage = () => {
  const { id = '' } = useParams();
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const school = useSchoolQuery(id);
  if (school.isPending) return <PageLoader />;
  if (school.isError) return <ErrorText error={school.error} />;
  return <Details school={school.data} roleId={roleId} />;
};
