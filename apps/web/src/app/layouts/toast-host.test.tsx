import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** Counts how often the host takes the container from its fetched module. */
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./toast-container.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./toast-container.ts')>();
  return {
    get Notifications() {
      loads.count += 1;
      return actual.Notifications;
    },
  };
});

const renderHost = async () => {
  const { ToastHost } = await import('./toast-host.tsx');
  render(
    <MantineProvider env="test">
      <ToastHost />
    </MantineProvider>,
  );
};

const settle = (ms = 500) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('ToastHost (issue 15: the toast container is not part of the first download)', () => {
  beforeEach(() => {
    vi.resetModules();
    loads.count = 0;
    notifications.clean();
  });
  afterEach(() => notifications.clean());

  it('does not fetch the container while the page is only looked at', async () => {
    await renderHost();
    // Longer than the idle callback's 2 s timeout, after which the container used to load anyway.
    await settle(2500);
    expect(loads.count).toBe(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('fetches it when the first toast is shown, and shows that toast', async () => {
    const { toastSuccess } = await import('../../lib/toasts.ts');
    await renderHost();
    act(() => void toastSuccess('Saved for the phone test'));
    expect(await screen.findByText('Saved for the phone test')).toBeInTheDocument();
    expect(loads.count).toBe(1);
  });

  it('fetches it ahead at the first key press, before any toast', async () => {
    await renderHost();
    fireEvent.keyDown(window, { key: 'Tab' });
    await settle();
    expect(loads.count).toBe(1);
  });
});
