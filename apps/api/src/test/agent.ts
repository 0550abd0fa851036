import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SessionInfo } from '@klase/core/auth/contracts';
import { TEST_PASSWORD } from './factories.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Agent {
  cookie: string;
  csrf: string;
  session: SessionInfo;
  /** A request with the session cookie and the CSRF header. */
  req(method: Method, url: string, payload?: unknown, extra?: Omit<InjectOptions, 'method' | 'url'>): Promise<LightMyRequestResponse>;
}

/** A request without a session, as the SPA sends it (`x-requested-with: klase`). */
export const visitor = (
  app: FastifyInstance,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> =>
  app.inject({
    method,
    url,
    headers: { 'x-requested-with': 'klase', ...headers },
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

/** A sign-in attempt from one client address (the sign-in limits count per address). */
export const loginFrom = (app: FastifyInstance, username: string, password: string, ip: string): Promise<LightMyRequestResponse> =>
  app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, headers: { 'x-requested-with': 'klase' }, payload: { username, password } });

export const cookieFrom = (res: LightMyRequestResponse): string => {
  const c = res.cookies.find((x) => x.name === 'klase_sid');
  if (!c) throw new Error(`no session cookie (status ${res.statusCode}: ${res.body})`);
  return `klase_sid=${c.value}`;
};

export const agentFor = (app: FastifyInstance, cookie: string, csrf: string, session: SessionInfo): Agent => ({
  cookie,
  csrf,
  session,
  req: (method, url, payload, extra = {}) =>
    app.inject({
      ...extra,
      method,
      url,
      headers: { cookie, 'x-csrf-token': csrf, ...(extra.headers ?? {}) },
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    }),
});

export const signIn = async (app: FastifyInstance, username: string, password = TEST_PASSWORD): Promise<Agent> => {
  const res = await visitor(app, 'POST', '/api/auth/login', { username, password });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json<SessionInfo>();
  return agentFor(app, cookieFrom(res), session.csrfToken, session);
};

/** Signs each user in once and hands out the same agent afterwards (suites that act as many people). */
export const agentsOf = (app: () => FastifyInstance) => {
  const agents = new Map<string, Agent>();
  return async (u: { id: string; username: string }): Promise<Agent> => {
    const known = agents.get(u.id);
    if (known) return known;
    const a = await signIn(app(), u.username);
    agents.set(u.id, a);
    return a;
  };
};
