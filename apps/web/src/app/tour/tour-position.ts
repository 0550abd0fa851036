import { useEffect, useState } from 'react';
import { BURGER_TARGET, type TourStep } from './tour-steps.ts';

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

const GAP = 12;
const MARGIN = 8;
/** How often the highlight follows a target that moved without a scroll or resize (content loading above it). */
const FOLLOW_MS = 250;

const visible = (el: Element | null): el is HTMLElement => {
  if (!(el instanceof HTMLElement)) return false;
  const r = el.getBoundingClientRect();
  return el.getClientRects().length > 0 && r.width > 0 && r.height > 0;
};

const byTarget = (target: string) => [...document.querySelectorAll(`[data-tour="${CSS.escape(target)}"]`)].find(visible) ?? null;

/**
 * The element a step points at: its own target (or its fallback) when it is shown; for a navigation step whose
 * entry is hidden (a phone: the navigation is behind the burger), the burger. `viaMenu` says so.
 */
export const resolveTarget = (step: TourStep): { el: HTMLElement | null; viaMenu: boolean } => {
  const own = byTarget(step.target) ?? (step.fallback ? byTarget(step.fallback) : null);
  if (own) return { el: own, viaMenu: false };
  const burger = step.nav ? byTarget(BURGER_TARGET) : null;
  return { el: burger, viaMenu: burger !== null };
};

/** The fixed header covers the top of the page: a target under it is not in view. */
const HEADER_PX = 60;
const topLimit = (el: HTMLElement) => (el.closest('header') ? 0 : HEADER_PX);
const inView = (el: HTMLElement) => {
  const r = el.getBoundingClientRect();
  return r.top >= topLimit(el) && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
};

/** Centres a target out of view; one taller than the room below the header goes to its top instead. */
const scrollToTarget = (el: HTMLElement) => {
  if (inView(el)) return;
  const top = topLimit(el) + 2 * MARGIN;
  if (el.getBoundingClientRect().height + 2 * top <= window.innerHeight) {
    el.scrollIntoView?.({ block: 'center', inline: 'nearest' });
    return;
  }
  el.style.scrollMarginTop = `${top}px`;
  el.scrollIntoView?.({ block: 'start', inline: 'nearest' });
  el.style.scrollMarginTop = '';
};

const toBox = (r: DOMRect): Box => ({ top: r.top, left: r.left, width: r.width, height: r.height });
const same = (a: Box | null, b: Box | null) => a === b || (!!a && !!b && a.top === b.top && a.left === b.left && a.width === b.width && a.height === b.height);

/**
 * Where the tour dialog goes: to the right of a target on the left of the screen (the navigation)
 * when it fits there, else below the target, else above it, else at the bottom of the screen (a
 * target taller than the screen); kept on screen. Without a target it is centred.
 */
export const placeDialog = (target: Box | null, dialog: { width: number; height: number }, view: { width: number; height: number }) => {
  const clampLeft = (x: number) => Math.max(MARGIN, Math.min(x, view.width - dialog.width - MARGIN));
  const clampTop = (y: number) => Math.max(MARGIN, Math.min(y, view.height - dialog.height - MARGIN));
  if (!target) return { top: clampTop((view.height - dialog.height) / 2), left: clampLeft((view.width - dialog.width) / 2) };
  const right = target.left + target.width + GAP;
  if (target.left < view.width / 3 && right + dialog.width + MARGIN <= view.width) return { top: clampTop(target.top), left: right };
  const left = clampLeft(target.left);
  const below = target.top + target.height + GAP;
  if (below + dialog.height + MARGIN <= view.height) return { top: below, left };
  const above = target.top - GAP - dialog.height;
  if (above >= MARGIN) return { top: above, left };
  return { top: clampTop(view.height - dialog.height), left };
};

/**
 * Finds the step's target, scrolls it into view once, and follows its box while the step shows
 * (scrolling, resizing, content loading around it).
 */
export const useTargetBox = (step: TourStep | undefined) => {
  const [found, setFound] = useState<{ box: Box | null; viaMenu: boolean }>({ box: null, viaMenu: false });

  useEffect(() => {
    if (!step) return undefined;
    let scrolled = false;
    const update = () => {
      const { el, viaMenu } = resolveTarget(step);
      if (el && !scrolled) {
        scrolled = true;
        scrollToTarget(el);
      }
      const box = el ? toBox(el.getBoundingClientRect()) : null;
      setFound((prev) => (same(prev.box, box) && prev.viaMenu === viaMenu ? prev : { box, viaMenu }));
    };
    update();
    const timer = setInterval(update, FOLLOW_MS);
    window.addEventListener('scroll', update, true);
    window.addEventListener('resize', update);
    return () => {
      clearInterval(timer);
      window.removeEventListener('scroll', update, true);
      window.removeEventListener('resize', update);
    };
  }, [step]);

  return found;
};
