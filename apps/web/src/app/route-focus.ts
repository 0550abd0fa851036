import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The page's heading, inside the main landmark of either layout. */
const HEADING = '#main-content h1';
/** How long a new page may take to show its heading (its data loads first) before we give up. */
const WAIT_MS = 10_000;

const openDialog = () => document.querySelector('[role="dialog"][aria-modal="true"]') !== null;

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
    const heading = document.querySelector<HTMLElement>(HEADING);
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    stop();
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
 * change of the query string such as a table's page or filter), focus the new page's h1.
 */
export const useFocusOnNavigation = () => {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    return focusHeadingWhenShown();
  }, [pathname]);
};
