import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { slot } from '../../lib/slots.ts';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../components/error-text.tsx';
import { ImageLoader } from '../../components/image-loader.tsx';
import { ValueOrEmpty } from '../../components/empty-label.tsx';
import { isApiError } from '../../api/http.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { fullName, photoUrl } from '../../lib/photo.ts';
import { useChildQuery } from './api.ts';

const ChildReportCards = slot('childReportCards');

/** A linked child's profile (`child-details/:id` and `child/:id`); any other id is not found. */
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
      <Suspense fallback={null}>
        <ChildReportCards childId={c.id} />
      </Suspense>
    </Stack>
  );
};
