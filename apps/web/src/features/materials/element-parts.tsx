import { Alert, Box, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconClock, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/date-text.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { isReachable, type PathStop } from './journey-state.ts';
import { MATERIAL_TYPE_ICONS, useMaterialTypeLabel } from '../../components/material-types.tsx';
import { StopMark, useStopStateText } from './stop-state.tsx';

/** The element's materials as links; the open one is marked, locked ones say so. */
export const ElementMaterialNav = ({
  stops,
  selectedId,
  href,
  numberOf,
}: {
  stops: PathStop[];
  selectedId: string | null;
  href: (s: PathStop) => string;
  numberOf: (s: PathStop) => number;
}) => {
  const { t } = useTranslation('materials');
  const typeLabel = useMaterialTypeLabel();
  const stateText = useStopStateText();
  if (stops.length === 0) return <Text size="sm">{t('element.noMaterials')}</Text>;
  return (
    <Box component="nav" aria-label={t('element.materialsNav')}>
      <Stack gap={2} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {stops.map((s) => {
          const Icon = MATERIAL_TYPE_ICONS[s.type];
          const state = stateText(s);
          return (
            <li key={s.materialId}>
              <NavLink
                component={Link}
                to={href(s)}
                active={s.materialId === selectedId}
                aria-current={s.materialId === selectedId ? 'page' : undefined}
                label={s.name}
                description={[typeLabel(s.type), state].filter(Boolean).join(' · ')}
                leftSection={s.state && s.state !== 'open' ? <StopMark stop={s} number={numberOf(s)} size={18} /> : <Icon size={18} aria-hidden="true" />}
                rightSection={!s.published ? <StatusBadge status="UNPUBLISHED" size="xs" /> : undefined}
                styles={{ label: { overflowWrap: 'anywhere', fontWeight: 600 } }}
                variant={s.materialId === selectedId ? 'filled' : 'subtle'}
              />
            </li>
          );
        })}
      </Stack>
    </Box>
  );
};

/** The spec's text for a locked material, with the way to the stop the student is at. */
export const LockedNotice = ({ currentHref, currentName }: { currentHref: string | null; currentName: string | null }) => {
  const { t } = useTranslation(['materials', 'errors']);
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconLock aria-hidden="true" />}
      title={t('errors:MATERIAL_LOCKED')}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
      data-testid="material-locked"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('materials:element.lockedExplain')}</Text>
        {currentHref && (
          <Button component={Link} to={currentHref} rightSection={<IconArrowRight size={16} aria-hidden="true" />}>
            {currentName ? t('materials:element.goToCurrentNamed', { name: currentName }) : t('materials:element.goToCurrent')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
};

export const UnavailableNotice = ({ from }: { from: string | null }) => {
  const { t } = useTranslation(['materials', 'errors']);
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconClock aria-hidden="true" />}
      title={t('errors:MATERIAL_UNAVAILABLE')}
      styles={{ message: { color: 'var(--mantine-color-text)' } }}
    >
      {from ? t('materials:element.opensOn', { date: formatDate(from) }) : null}
    </Alert>
  );
};

/** Previous and next along the whole journey; a next stop that is still closed says why instead of linking. */
export const PrevNext = ({ previous, next, href }: { previous?: PathStop; next?: PathStop; href: (s: PathStop) => string }) => {
  const { t } = useTranslation('materials');
  if (!previous && !next) return null;
  return (
    <Box component="nav" aria-label={t('element.prevNextNav')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        {previous ? (
          <Button component={Link} to={href(previous)} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden="true" />} maw="100%">
            <Text span truncate inherit>
              {t('element.previous', { name: previous.name })}
            </Text>
          </Button>
        ) : (
          <span />
        )}
        {next &&
          (isReachable(next.state) ? (
            <Button component={Link} to={href(next)} rightSection={<IconArrowRight size={16} aria-hidden="true" />} maw="100%">
              <Text span truncate inherit>
                {t('element.next', { name: next.name })}
              </Text>
            </Button>
          ) : (
            <Group gap={6} wrap="nowrap">
              <IconLock size={16} aria-hidden="true" />
              <Text size="sm">
                {next.state === 'unavailable' ? t('element.nextOpensOn', { date: formatDate(next.availableFrom) }) : t('element.nextLocked')}
              </Text>
            </Group>
          ))}
      </Group>
    </Box>
  );
};
