import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isReachable, type PathStop } from './journey-state.ts';
import { useStopStateText } from './stop-state.tsx';

interface LockedStopDialogProps {
  /** The locked stop asked about; null: closed. */
  stop: PathStop | null;
  /** The material to finish first (the journey's frontier). */
  blocker: PathStop | undefined;
  href: (stop: PathStop) => string;
  onClose: () => void;
}

/**
 * Tapping a locked stop: the spec's message ("Sorry you need to finish previous course material")
 * and the material to finish first, a link that opens it (or its state when it cannot be opened
 * yet, e.g. it opens on a later date).
 */
export const LockedStopDialog = ({ stop, blocker, href, onClose }: LockedStopDialogProps) => {
  const { t } = useTranslation(['materials', 'errors', 'common']);
  const stateText = useStopStateText();
  return (
    <Modal opened={stop !== null} onClose={onClose} title={stop?.name ?? ''} centered size="md" withCloseButton={false}>
      <Stack gap="md">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconLock size={20} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text>{t('errors:MATERIAL_LOCKED')}</Text>
        </Group>
        {blocker && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('materials:journey.finishFirst')}
            </Text>
            {isReachable(blocker.state) ? (
              <Button
                component={Link}
                to={href(blocker)}
                onClick={onClose}
                rightSection={<IconArrowRight size={16} aria-hidden="true" />}
                h="auto"
                py={8}
                style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
                styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'start', lineHeight: 1.3 } }}
              >
                {blocker.name}
              </Button>
            ) : (
              <Text>
                {blocker.name} ({stateText(blocker)})
              </Text>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
