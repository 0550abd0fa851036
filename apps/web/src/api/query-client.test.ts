import { describe, expect, it, vi } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient, refreshAfterReconnect } from './query-client.ts';

describe('after the connection comes back', () => {
  it('asks again for what the page shows, but never runs a one-time token check twice', async () => {
    const client = createQueryClient();
    const count = vi.fn(async () => ({ count: 3 }));
    const verify = vi.fn(async () => ({ ok: true }));
    const shown = new QueryObserver(client, { queryKey: ['messages', 'unread'], queryFn: count });
    const token = new QueryObserver(client, { queryKey: ['auth', 'verify-email', 't0k3n'], queryFn: verify, staleTime: Infinity });
    const stop = [shown.subscribe(() => undefined), token.subscribe(() => undefined)];
    await vi.waitFor(() => expect(shown.getCurrentResult().data).toEqual({ count: 3 }));
    await vi.waitFor(() => expect(token.getCurrentResult().data).toEqual({ ok: true }));

    await refreshAfterReconnect(client);
    expect(count).toHaveBeenCalledTimes(2);
    expect(verify).toHaveBeenCalledTimes(1);
    for (const s of stop) s();
  });

  it('does nothing before the app made its query cache (signed-out pages)', async () => {
    await expect(refreshAfterReconnect(null)).resolves.toBeUndefined();
  });
});
