import { useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Button, FocusTrap, Group, Paper, Portal, Stack, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session-store.ts';
import { finishTour, setTourStep, skipTour } from '../../lib/tour.ts';
import { placeDialog, useTargetBox, type Box } from './tour-position.ts';
import { tourStepsFor, type TourStep } from './tour-steps.ts';

/** Above the header (100), drawers and menus (Mantine's 200 to 300). */
const Z = 400;
const RING = 6;
const DIALOG_MAX_WIDTH = 380;

/** The ring's box: RING px round the target, kept inside the screen so no side is cut off. */
const ringBox = (box: Box, view: { width: number; height: number }) => {
  const top = Math.max(2, box.top - RING);
  const left = Math.max(2, box.left - RING);
  const right = Math.min(view.width - 2, box.left + box.width + RING);
  const bottom = Math.min(view.height - 2, box.top + box.height + RING);
  return { top, left, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
};

/** Dims the page around the target and draws a ring round it; also takes the clicks meant for the page. */
const Spotlight = ({ box, view }: { box: Box | null; view: { width: number; height: number } }) => (
  <>
    <div data-testid="tour-backdrop" style={{ position: 'fixed', inset: 0, zIndex: Z, background: box ? 'transparent' : 'rgba(0, 0, 0, 0.45)' }} />
    {box && (
      <div
        data-testid="tour-spotlight"
        aria-hidden="true"
        style={{
          position: 'fixed',
          zIndex: Z + 1,
          pointerEvents: 'none',
          ...ringBox(box, view),
          borderRadius: 'var(--mantine-radius-md)',
          boxShadow: '0 0 0 3px var(--mantine-color-yellow-5), 0 0 0 6px rgba(0, 0, 0, 0.85), 0 0 0 100vmax rgba(0, 0, 0, 0.45)',
        }}
      />
    )}
  </>
);

/** Remembers what had focus when the tour opened and gives it back when it closes. */
const useFocusReturn = () => {
  const [before] = useState(() => document.activeElement);
  useLayoutEffect(
    () => () => {
      if (before instanceof HTMLElement && before.isConnected && before !== document.body) before.focus();
      else document.getElementById('main-content')?.focus();
    },
    [before],
  );
};

/** The dialog's size, measured again when its content (`content`: the step and its text) or width changes. */
const useSize = (ref: React.RefObject<HTMLDivElement | null>, width: number, content: string) => {
  const [height, setHeight] = useState(200);
  useLayoutEffect(() => {
    const h = ref.current?.offsetHeight ?? 0;
    setHeight((prev) => (h > 0 ? h : prev));
  }, [ref, width, content]);
  return { width, height };
};

interface CardProps {
  step: TourStep;
  index: number;
  total: number;
  viaMenu: boolean;
}

/** The texts of a step and its buttons: Skip, Back and Next (Finish on the last step). */
const TourCard = ({ step, index, total, viaMenu }: CardProps) => {
  const { t } = useTranslation('common');
  const last = index === total - 1;
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {t('tour.progress', { current: index + 1, total })}
      </Text>
      <Stack gap={4} aria-live="polite">
        <Title order={2} size="h5" id="klase-tour-title">
          {t(`tour.steps.${step.key}.title`)}
        </Title>
        <Text size="sm" id="klase-tour-text">
          {t(`tour.steps.${step.key}.text`)}
          {viaMenu && ` ${t('tour.viaMenu')}`}
        </Text>
      </Stack>
      <Group justify="space-between" mt="xs" gap="xs">
        <Button variant="subtle" size="xs" onClick={() => void skipTour()}>
          {t('tour.skip')}
        </Button>
        <Group gap="xs">
          <Button variant="default" size="xs" onClick={() => setTourStep(index - 1)} disabled={index === 0}>
            {t('tour.back')}
          </Button>
          <Button size="xs" data-autofocus onClick={() => (last ? void finishTour() : setTourStep(index + 1))}>
            {last ? t('tour.finish') : t('tour.next')}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
};

/**
 * The guided tour of the signed-in user's role (app/tour/tour-steps.ts), at the step in the
 * session store: a small modal dialog beside the highlighted part of the page. Tab stays in it,
 * Escape skips, the arrow keys page; focus goes back where it was when it closes.
 */
export const GuidedTour = () => {
  const { i18n } = useTranslation('common');
  const roleId = useSession((s) => s.profile?.roleId ?? 0);
  const hasChildren = useSession((s) => s.childrenList.length > 0);
  const saved = useSession((s) => s.tour.step);
  const steps = useMemo(() => tourStepsFor({ roleId, hasChildren }), [roleId, hasChildren]);
  const index = Math.max(0, Math.min(saved, steps.length - 1));
  const step = steps[index];
  const { box, viaMenu } = useTargetBox(step);
  const view = useViewportSize();
  const ref = useRef<HTMLDivElement>(null);
  const screen = { width: view.width || window.innerWidth, height: view.height || window.innerHeight };
  const size = useSize(ref, Math.min(DIALOG_MAX_WIDTH, screen.width - 16), `${step?.key ?? ''}:${viaMenu}:${i18n.language}`);
  const pos = placeDialog(box, size, screen);
  useFocusReturn();
  if (!step) return null;

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') void skipTour();
    else if (e.key === 'ArrowRight' && index < steps.length - 1) setTourStep(index + 1);
    else if (e.key === 'ArrowLeft' && index > 0) setTourStep(index - 1);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  return (
    <Portal>
      <Spotlight box={box} view={screen} />
      <FocusTrap active>
        <Paper
          ref={ref}
          role="dialog"
          aria-modal="true"
          aria-labelledby="klase-tour-title"
          aria-describedby="klase-tour-text"
          onKeyDown={onKeyDown}
          withBorder
          shadow="lg"
          radius="md"
          p="md"
          style={{ position: 'fixed', zIndex: Z + 2, top: pos.top, left: pos.left, width: size.width }}
        >
          <TourCard step={step} index={index} total={steps.length} viaMenu={viaMenu} />
        </Paper>
      </FocusTrap>
    </Portal>
  );
};
