import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { MESSAGE_EVENTS } from '@klase/core/messaging/contracts';
import { ROLE } from '@klase/core/roles';
import type { RealtimeEvent, RealtimeHandler } from '../../api/realtime.ts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { resetSessionStore, setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { MessagesDrawer } from './messages-drawer.tsx';

const handlers = new Map<string, RealtimeHandler>();
vi.mock('../../lib/use-realtime.ts', () => ({
  useRealtime: (type: string, handler: RealtimeHandler) => handlers.set(type, handler),
  useRealtimeReconnect: () => undefined,
}));

const ME = 'me';
const TEACHER = { id: 'teacher', name: 'Maria Clara' };
let nextId = 1;
const fire = (type: string, data: unknown) =>
  act(() => {
    const event: RealtimeEvent = { id: nextId++, type, data, at: '' };
    handlers.get(type)?.(event);
  });

/**
 * The unread count the server holds, and the count requests the test has not answered yet: each
 * waits until the test answers it with what the server counted when it arrived.
 */
let serverCount = 0;
let held: { count: number; answer: () => void }[] = [];
let holdAnswers = false;
const fetchMock = vi.fn<typeof fetch>();

const badge = () => screen.getByTestId('messages-button');

beforeEach(() => {
  handlers.clear();
  nextId = 1;
  serverCount = 2;
  held = [];
  holdAnswers = false;
  fetchMock.mockReset();
  fetchMock.mockImplementation((input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname !== '/api/messages/unread-count') return Promise.resolve(jsonResponse({ items: [], nextCursor: null }));
    const count = serverCount;
    if (!holdAnswers) return Promise.resolve(jsonResponse({ count }));
    return new Promise<Response>((resolve) => held.push({ count, answer: () => resolve(jsonResponse({ count })) }));
  });
  vi.stubGlobal('fetch', fetchMock);
  setSessionState({ status: 'authenticated', profile: sessionFixture({ id: ME, roleId: ROLE.student }).profile });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

const renderDrawer = async () => {
  renderWithProviders(
    <MemoryRouter>
      <MessagesDrawer />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('button', { name: 'Messages, 2 unread' })).toBe(badge());
};

describe('the header messages badge', () => {
  it('goes up when someone else writes, not when I do, and down when I read in another tab', async () => {
    await renderDrawer();
    serverCount = 3;
    fire(MESSAGE_EVENTS.new, { conversationId: 'c1', message: { id: '10', sender: TEACHER, body: 'Hello' } });
    expect(await screen.findByRole('button', { name: 'Messages, 3 unread' })).toBe(badge());

    const asked = fetchMock.mock.calls.length;
    fire(MESSAGE_EVENTS.new, { conversationId: 'c1', message: { id: '11', sender: { id: ME, name: 'Jose Rizal' }, body: 'Po' } });
    await act(() => Promise.resolve());
    expect(fetchMock.mock.calls.slice(asked).map(([u]) => String(u))).not.toContain('/api/messages/unread-count');

    serverCount = 0;
    fire(MESSAGE_EVENTS.read, { conversationId: 'c1', userId: ME, messageId: '11', unread: 0 });
    expect(await screen.findByRole('button', { name: 'Messages' })).toBe(badge());
  });

  it('a count asked for before a read does not overwrite the count after it, whatever lands last', async () => {
    await renderDrawer();
    holdAnswers = true;
    // A message arrives: the badge asks the server, which counts 3 (the message is not read yet).
    serverCount = 3;
    fire(MESSAGE_EVENTS.new, { conversationId: 'c1', message: { id: '10', sender: TEACHER, body: 'Hello' } });
    const before = held[0];
    // The open conversation reads it (in this tab or another): the server counts 2 again. Whatever
    // the read brought is answered first; the request from before the read lands last.
    serverCount = 2;
    fire(MESSAGE_EVENTS.read, { conversationId: 'c1', userId: ME, messageId: '10', unread: 2 });
    for (const later of held.slice(1)) await act(async () => later.answer());
    await act(async () => before?.answer());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(badge()).toHaveAccessibleName('Messages, 2 unread');
  });
});
