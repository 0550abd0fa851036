import type { PathStop } from './journey-state.ts';

/** Vertical room of one stop, of an element's signpost, and the margins of the map. */
export const STOP_ROW = 104;
export const BANNER_ROW = 60;
const TOP = 24;
const BOTTOM = 40;
/** On a narrow map the path runs straight down this far from the left edge. */
export const NARROW_X = 30;
/** Where the wide map's path swings across (share of the width): left, middle, right, middle, ... */
const WAVE = [0.18, 0.5, 0.82, 0.5];

export interface PlacedStop {
  stop: PathStop;
  /** Position in the journey (1-based), shown on open stops. */
  number: number;
  x: number;
  y: number;
  /** The stop's text goes left of it when it sits on the right of a wide map. */
  labelSide: 'left' | 'right';
}
export interface PlacedBanner {
  elementId: string;
  name: string;
  y: number;
}
export interface PathSegment {
  d: string;
  /** The segment leads to a finished stop (drawn solid). */
  walked: boolean;
}
export interface JourneyLayout {
  height: number;
  stops: PlacedStop[];
  banners: PlacedBanner[];
  segments: PathSegment[];
}

/**
 * Places the stops of a journey on a winding path (wide maps) or a straight one (narrow maps),
 * with each element's name as a signpost before its stops, and the path between consecutive
 * stops as SVG curves.
 */
export const layoutJourney = (stops: readonly PathStop[], width: number, narrow: boolean): JourneyLayout => {
  const placed: PlacedStop[] = [];
  const banners: PlacedBanner[] = [];
  let y = TOP;
  let previousElement: string | null = null;
  stops.forEach((stop, i) => {
    if (stop.elementId !== previousElement) {
      banners.push({ elementId: stop.elementId, name: stop.elementName, y });
      y += BANNER_ROW;
      previousElement = stop.elementId;
    }
    const share = WAVE[i % WAVE.length] ?? 0.5;
    const x = narrow ? NARROW_X : Math.round(width * share);
    placed.push({ stop, number: i + 1, x, y: y + STOP_ROW / 2, labelSide: !narrow && share > 0.5 ? 'left' : 'right' });
    y += STOP_ROW;
  });
  const segments: PathSegment[] = placed.slice(1).map((to, i) => {
    const from = placed[i]!;
    const bend = (to.y - from.y) / 2;
    return {
      d: `M ${from.x} ${from.y} C ${from.x} ${from.y + bend}, ${to.x} ${to.y - bend}, ${to.x} ${to.y}`,
      walked: to.stop.state === 'done' || (from.stop.state === 'done' && to.stop.state === 'current'),
    };
  });
  return { height: y + BOTTOM, stops: placed, banners, segments };
};
