import { useMemo } from 'react';
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import css from './journey.module.css';
import { layoutJourney } from './journey-layout.ts';
import { isReachable, type PathStop } from './journey-state.ts';
import { StopMark, useStopStateText } from './stop-state.tsx';

/** Below this width the path runs straight down (phones). */
const WIDE_FROM = 600;

interface JourneyMapProps {
  stops: PathStop[];
  onOpen: (stop: PathStop) => void;
  /** A tap on a locked stop (it says what to finish first). */
  onLocked: (stop: PathStop) => void;
}

/**
 * The picture of the journey: a winding path with a stop per material and a signpost per element.
 * It is hidden from assistive technology and from the keyboard: the journey list beside it says
 * the same and holds the links. A click on a reachable stop opens it; on a locked one it says
 * what to finish first.
 */
export const JourneyMap = ({ stops, onOpen, onLocked }: JourneyMapProps) => {
  const { t } = useTranslation('materials');
  const stateText = useStopStateText();
  const { ref, width } = useElementSize();
  const narrow = width < WIDE_FROM;
  const layout = useMemo(() => layoutJourney(stops, width, narrow), [stops, width, narrow]);

  return (
    <Box ref={ref} className={css.map} style={{ height: layout.height }} aria-hidden="true" data-testid="journey-map" data-narrow={narrow || undefined}>
      {width > 0 && (
        <svg className={css.svg} width={width} height={layout.height} viewBox={`0 0 ${width} ${layout.height}`} focusable="false">
          {layout.segments.map((s, i) => (
            <path key={i} d={s.d} className={s.walked ? css.walked : css.road} />
          ))}
        </svg>
      )}
      {layout.banners.map((b) => (
        <div key={b.elementId} className={css.banner} style={{ top: b.y + 12 }}>
          <span className={css.bannerText}>
            <IconFlag size={16} aria-hidden="true" />
            {b.name}
          </span>
        </div>
      ))}
      {width > 0 &&
        layout.stops.map(({ stop, number, x, y, labelSide }) => {
          const reachable = isReachable(stop.state);
          const locked = stop.state === 'locked';
          const dot = stop.state === 'current' ? 56 : 44;
          const labelRoom = narrow ? width - x - dot / 2 - 20 : Math.round(width * 0.3);
          const position = labelSide === 'left' ? { right: width - x - dot / 2 } : { left: x - dot / 2 };
          return (
            <div
              key={stop.materialId}
              className={css.stop}
              style={{ top: y, ...position }}
              data-side={labelSide}
              data-reachable={reachable || locked || undefined}
              data-state={stop.state ?? 'staff'}
              onClick={reachable ? () => onOpen(stop) : locked ? () => onLocked(stop) : undefined}
            >
              <span className={css.dot} data-state={stop.state ?? 'staff'}>
                <StopMark stop={stop} number={number} />
              </span>
              <span className={css.label} style={{ maxWidth: Math.max(120, labelRoom) }}>
                {stop.state === 'current' && <span className={css.here}>{t('journey.youAreHere')}</span>}
                <span className={css.name}>{stop.name}</span>
                {stop.state && stop.state !== 'current' && <span className={css.stateText}>{stateText(stop)}</span>}
              </span>
            </div>
          );
        })}
    </Box>
  );
};
