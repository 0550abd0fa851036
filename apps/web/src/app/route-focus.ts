import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The page's heading, inside the main landmark of either layout. */
const HEADING = '#main-content h1';
/** How long a new page may take to show its heading (its data loads first) before we give up. */
const WAIT_MS = 10_000;

const MODAL = '[role="dialog"][aria-modal="true"]';
const openDialog = () => document.querySelector(MODAL) !== null;

/** Focuses the page's h1 (focusable for the purpose: tabindex -1); false when there is none. */
const focusHeading = () => {
  const heading = document.querySelector<HTMLElement>(HEADING);
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
};

/** A field the new page focused itself (autofocus) as it mounted, before this runs. */
const isField = (el: Element) => el.matches('input, textarea, select, [contenteditable="true"]');

/**
 * Moves focus to the new page's h1 once it is shown, so keyboard and screen-reader users land at
 * the start of the new page and hear its name (focus would otherwise stay on the link in the
 * navigation, or fall to `<body>` when the link or the dialog that led here is gone). Waits while
 * a modal dialog or drawer is still open or closing, and leaves focus alone when the page (or the
 * user) has already put it somewhere inside the main landmark, e.g. on a form's first field.
 * Returns a function that stops waiting.
 */
export const focusHeadingWhenShown = (waitMs = WAIT_MS): (() => void) => {
  const started = document.activeElement;
  let done = false;
  const attempt = () => {
    if (done) return;
    const active = document.activeElement;
    const main = document.getElementById('main-content');
    if (main && active && active !== main && active.isConnected && main.contains(active) && (active !== started || isField(active))) return stop();
    if (openDialog()) return;
    if (focusHeading()) stop();
  };
  const observer = new MutationObserver(attempt);
  // Focus moves without changing the DOM (a dialog's focus return): look again now and then too.
  const interval = window.setInterval(attempt, 100);
  const timer = window.setTimeout(() => stop(), waitMs);
  function stop() {
    done = true;
    observer.disconnect();
    window.clearInterval(interval);
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  attempt();
  return stop;
};

/**
 * After every in-app navigation to another page (a new path; not the first page load, and not a
 * change of the query string such as a table's page or filter), focus the new page's h1; and
 * after a dialog closes with nothing to return to, too.
 */
export const useFocusOnNavigation = () => {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => rescueFocusAfterDialogs(), []);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    return focusHeadingWhenShown();
  }, [pathname]);
};

/**
 * After a modal dialog closes, focus goes back to what opened it; when that is gone (a deleted
 * row, a page the dialog replaced, a dialog that opened by itself like the welcome dialog) focus
 * would fall to `<body>`: it goes to the page's h1 instead. Watches only while a dialog has focus.
 * Returns a function that stops watching.
 */
export const rescueFocusAfterDialogs = (): (() => void) => {
  let timer: number | undefined;
  const onFocusIn = (e: FocusEvent) => {
    if (timer !== undefined || !(e.target instanceof Element) || !e.target.closest(MODAL)) return;
    timer = window.setInterval(() => {
      if (openDialog()) return;
      window.clearInterval(timer);
      timer = undefined;
      // The dialog's own focus return comes first.
      window.setTimeout(() => {
        if (!document.activeElement || document.activeElement === document.body) focusHeading();
      }, 150);
    }, 100);
  };
  document.addEventListener('focusin', onFocusIn);
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    window.clearInterval(timer);
  };
};
