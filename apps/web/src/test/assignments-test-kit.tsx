import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { RoleId } from '@klase/core/roles';
import { jsonResponse, renderWithProviders } from './test-utils.tsx';
import { setSessionState } from '../lib/session-store.ts';
import { sessionFixture } from './test-session.ts';

/** Test helpers of the assignment screens: a stubbed fetch with a route table, a fake upload, a router. */

export const fetchMock = vi.fn<typeof fetch>();

type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response> | null;

/** Answers each call with the first handler that knows it, else 404. */
export const serve = (...handlers: Handler[]) =>
  fetchMock.mockImplementation(async (url, init) => {
    for (const h of handlers) {
      const answer = await h(String(url), init);
      if (answer) return answer;
    }
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });

/** A handler for one method and address. */
export const on =
  (method: string, url: string, answer: () => Response | Promise<Response>): Handler =>
  (u, init) =>
    (init?.method ?? 'GET') === method && u === url ? answer() : null;

export const calls = () => fetchMock.mock.calls.map(([u, init]) => `${init?.method ?? 'GET'} ${String(u)}`);
export const writes = () => fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
export const bodyOf = (method: string, url: string) => {
  const call = fetchMock.mock.calls.find(([u, init]) => init?.method === method && String(u) === url);
  return call ? (JSON.parse(String(call[1]?.body)) as Record<string, unknown>) : undefined;
};

export const errorAnswer = (code: string, status: number, params?: Record<string, unknown>) =>
  jsonResponse({ code, message: code, ...(params ? { params } : {}) }, status);

/** XMLHttpRequest as uploadWithProgress uses it; the test drives progress and the answer. */
export class FakeXhr {
  static all: FakeXhr[] = [];
  method = '';
  url = '';
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: FormData | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.sent = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

export const setRole = (roleId: RoleId, selectedChildId: string | null = null) =>
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile, selectedChildId });

export const renderRoutes = (routes: RouteObject[], path: string) => {
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />);
  return router;
};

/** Renders a panel on an element page's address (a data router, so leave guards work). */
export const renderOnElement = (ui: ReactElement, path = '/classes/c/courses/k/element/e') =>
  renderRoutes([{ path: '/classes/:id/courses/:courseId/element/:elementId', element: ui }], path);

/** Chooses files in the upload box of the given label. */
export const chooseFiles = (files: File[], index = 0) => {
  const input = screen.getAllByTestId('upload-input')[index]!;
  fireEvent.change(input, { target: { files } });
};

/** Pretends the screen is a phone's (below 600 px): returns the function that puts the wide screen back. */
export const narrowScreen = () => {
  const wide = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...wide(query), matches: query.includes('max-width: 599.98px') })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = wide;
  };
};
