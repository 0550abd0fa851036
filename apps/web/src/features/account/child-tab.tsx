import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { slot } from '../../lib/slots.ts';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../components/error-text.tsx';
import { ImageLoader } from '../../components/image-loader.tsx';
import { ValueOrEmpty } from '../../components/empty-label.tsx';
import { isApiError } from '../../api/http.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { PageLoader, SectionLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { fullName, photoUrl } from '../../lib/photo.ts';
import { useChildClasses } from '../../api/class-api.ts';
import { useChildQuery } from './api.ts';

const ChildReportCards = slot('childReportCards');
const ChildGrades = slot('childGrades');
const ChildPortfolios = slot('childPortfolios');

/** The child's current classes, with the way to the classes list as the child. */
const ChildClasses = ({ childId }: { childId: string }) => {
  const { t } = useTranslation('account');
  const classes = useChildClasses(childId);
  const list = classes.data?.data ?? [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            {t('child.classes')}
          </Title>
          <Anchor component={Link} to={paths.classes.to({ childId })} size="sm">
            {t('child.openClasses')}
          </Anchor>
        </Group>
        <ErrorText error={classes.error} />
        {classes.isSuccess && list.length === 0 && <Text>{t('child.noClasses')}</Text>}
        {list.length > 0 && (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.map((c) => (
              <li key={c.id}>
                <Text fw={500}>{c.name}</Text>
                <Text size="sm">{t('child.classLine', { gradeLevel: c.gradeLevel, section: c.section, from: c.schoolYearFrom, to: c.schoolYearTo })}</Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
};

/**
 * A linked child's profile (`child-details/:id` and `child/:id`): details, classes, latest grades,
 * published portfolios and report cards; any other id is not found.
 */
export const ChildTab = () => {
  const { t } = useTranslation(['account', 'common']);
  const { id = '' } = useParams();
  const child = useChildQuery(id);
  if (child.isPending) return <PageLoader />;
  if (isApiError(child.error) && (child.error.status === 404 || child.error.status === 403 || child.error.code === 'VALIDATION'))
    return <Navigate to={paths.notFound.to()} replace />;
  if (child.isError) return <ErrorText error={child.error} />;
  const c = child.data;
  const rows: [string, string | null][] = [
    [t('fields.username'), c.username],
    [t('fields.firstName'), c.firstName],
    [t('fields.middleName'), c.middleName],
    [t('fields.lastName'), c.lastName],
    [t('fields.suffix'), c.suffix === 'others' ? t('common:suffix.others') : c.suffix],
    [t('fields.email'), c.email],
    [t('fields.school'), c.schoolName],
    [t('fields.gradeLevel'), c.gradeLevel],
    [t('fields.section'), c.section],
  ];
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <ImageLoader src={photoUrl(c)} alt={t('details.photoAlt', { name: fullName(c) })} width={96} height={96} radius="md" fit="cover" />
            <Stack gap={4}>
              <Title order={2} size="h3">
                {fullName(c)}
              </Title>
              <StatusBadge status={c.active ? 'active' : 'inactive'} />
            </Stack>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0}>
            {rows.map(([label, value]) => (
              <Stack gap={2} key={label}>
                <Text size="sm" c="dimmed" component="dt">
                  {label}
                </Text>
                <Text component="dd" m={0}>
                  <ValueOrEmpty value={value} />
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Paper>
      <ChildClasses childId={c.id} />
      <Suspense fallback={<SectionLoader />}>
        <ChildGrades childId={c.id} />
        <ChildPortfolios childId={c.id} />
        <ChildReportCards childId={c.id} />
      </Suspense>
    </Stack>
  );
};
