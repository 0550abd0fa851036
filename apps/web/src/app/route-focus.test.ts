import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusHeadingWhenShown, rescueFocusAfterDialogs } from './route-focus.ts';

const page = (html: string) => {
  document.body.innerHTML = `<nav><a href="#/x" id="link">Next</a></nav><main id="main-content" tabindex="-1">${html}</main>`;
};

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('focus after a navigation (issue 13)', () => {
  it('moves focus from the navigation link to the new page h1 once it is shown, making it focusable', async () => {
    page('<p>Loading</p>');
    document.getElementById('link')!.focus();
    const stop = focusHeadingWhenShown();
    document.getElementById('main-content')!.innerHTML = '<h1>Students — Rizal</h1>';
    await vi.waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
    stop();
  });

  it('waits while a modal dialog is open (a confirm that led here), then focuses the h1', async () => {
    page('<h1>Courses</h1><div role="dialog" aria-modal="true" id="dlg"><button id="ok">OK</button></div>');
    document.getElementById('ok')!.focus();
    const stop = focusHeadingWhenShown();
    await new Promise((r) => setTimeout(r, 250));
    expect(document.activeElement?.id).toBe('ok');
    document.getElementById('dlg')!.remove();
    await vi.waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    stop();
  });

  it('leaves focus alone when the new page put it inside main (a form first field)', async () => {
    page('<h1>Edit</h1><input id="first" />');
    document.getElementById('link')!.focus();
    document.getElementById('first')!.focus();
    const stop = focusHeadingWhenShown();
    await new Promise((r) => setTimeout(r, 250));
    expect(document.activeElement?.id).toBe('first');
    stop();
  });

  it('gives up after the wait when no heading ever comes', () => {
    vi.useFakeTimers();
    page('<p>nothing</p>');
    focusHeadingWhenShown(1000);
    vi.advanceTimersByTime(1100);
    document.getElementById('main-content')!.innerHTML = '<h1>Late</h1>';
    vi.advanceTimersByTime(500);
    expect(document.activeElement?.tagName).not.toBe('H1');
  });
});

describe('focus after a dialog closes (issue 13)', () => {
  /** A page with a button that opened a dialog, focus in the dialog, and the dialog closed. */
  const closedDialog = () => {
    page('<h1>Materials</h1><button id="opener">Delete</button><div role="dialog" aria-modal="true" id="dlg"><button id="ok">OK</button></div>');
    const stop = rescueFocusAfterDialogs();
    document.getElementById('ok')!.focus();
    document.getElementById('dlg')!.remove();
    return stop;
  };

  it('goes to the page h1 when what opened the dialog is gone', async () => {
    const stop = closedDialog();
    document.getElementById('opener')!.remove();
    await vi.waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    stop();
  });

  it('leaves focus where the dialog returned it', async () => {
    const stop = closedDialog();
    document.getElementById('opener')!.focus();
    await new Promise((r) => setTimeout(r, 400));
    expect(document.activeElement?.id).toBe('opener');
    stop();
  });
});
