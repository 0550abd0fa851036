import { useEffect, useState } from 'react';
import { Button, Dialog, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Each step outlines one part of the screen, found by its `data-tour` attribute. */
export const TOUR_STEPS = [
  { target: 'nav', key: 'nav' },
  { target: 'nav-dashboard', key: 'dashboard' },
  { target: 'nav-account', key: 'account' },
  { target: 'language', key: 'language' },
  { target: 'theme', key: 'theme' },
  { target: 'user-menu', key: 'userMenu' },
] as const;

const highlight = (target: string | null) => {
  for (const el of document.querySelectorAll('[data-tour-active]')) el.removeAttribute('data-tour-active');
  if (!target) return;
  const el = document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
  if (!el) return;
  el.setAttribute('data-tour-active', 'true');
  el.scrollIntoView({ block: 'nearest' });
};

/** A short, non-blocking tour of the navigation: a small dialog with Back, Next and Finish. */
export const GuidedTour = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation('common');
  const [index, setIndex] = useState(0);
  const step = TOUR_STEPS[index] ?? TOUR_STEPS[0];
  const last = index === TOUR_STEPS.length - 1;

  useEffect(() => {
    highlight(opened ? step.target : null);
    return () => highlight(null);
  }, [opened, step.target]);

  const close = () => {
    setIndex(0);
    onClose();
  };

  return (
    <Dialog
      opened={opened}
      onClose={close}
      withCloseButton={false}
      size="lg"
      radius="md"
      shadow="lg"
      position={{ bottom: 20, right: 20 }}
      role="dialog"
      aria-labelledby="klase-tour-title"
    >
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t('tour.progress', { current: index + 1, total: TOUR_STEPS.length })}
        </Text>
        <Title order={2} size="h5" id="klase-tour-title">
          {t(`tour.${step.key}.title`)}
        </Title>
        <Text size="sm">{t(`tour.${step.key}.text`)}</Text>
        <Group justify="space-between" mt="xs">
          <Group gap="xs">
            <Button variant="subtle" size="xs" onClick={close}>
              {t('close')}
            </Button>
            <Button variant="default" size="xs" onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
              {t('tour.back')}
            </Button>
          </Group>
          <Button size="xs" onClick={() => (last ? close() : setIndex((i) => i + 1))}>
            {last ? t('tour.finish') : t('tour.next')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
};
