import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { cleanChildName } from '@klase/core/status';
import { EmptyState } from '../../components/empty-state.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { ImageLoader } from '../../components/image-loader.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { paths } from '../../config/paths.ts';
import { fullName, photoUrl } from '../../lib/photo.ts';
import { setSessionState } from '../../lib/session-store.ts';
import { useChildrenQuery, useProfileQuery } from './api.ts';

/** The parent's profile with the linked children; a child opens its details tab. */
export const ParentTab = () => {
  const { t } = useTranslation('account');
  const profile = useProfileQuery();
  const children = useChildrenQuery();
  if (profile.isPending || children.isPending) return <PageLoader />;
  if (profile.isError || children.isError) return <ErrorText error={profile.error ?? children.error} />;
  const p = profile.data;
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group gap="md" wrap="nowrap">
          <ImageLoader src={photoUrl(p)} alt={t('details.photoAlt', { name: fullName(p) })} width={72} height={72} radius="xl" fit="cover" />
          <Stack gap={2}>
            <Title order={2} size="h4">
              {fullName(p)}
            </Title>
            <Text c="dimmed" size="sm">
              {p.username}
            </Text>
            {p.email && <Text size="sm">{p.email}</Text>}
          </Stack>
        </Group>
      </Paper>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('parent.children')}
        </Title>
        {children.data.length === 0 ? (
          <EmptyState kind="noRecords" />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {children.data.map((c) => (
              <Card key={c.id} withBorder padding="md">
                <Stack gap={4}>
                  <Anchor component={Link} to={paths.accountChildDetails.to(c.id)} fw={600} onClick={() => setSessionState({ selectedChildId: c.id })}>
                    {cleanChildName(c.name) || c.username}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {t('fields.username')}: {c.username}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
};
