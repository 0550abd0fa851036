import { expect } from 'vitest';
import type { EventDetails, EventForm } from '@klase/core/calendar/contracts';
import type { UserRow } from '../platform/rows.ts';
import { signIn, type Agent } from './agent.ts';
import { useClassWorld } from './class-world.ts';

/** A timed one-off user event at 07:30 for 30 minutes, changed by `extra`. */
export const eventFormOf = (extra: Partial<EventForm> = {}): EventForm => ({
  title: 'Flag ceremony',
  date: '2026-03-02',
  time: '07:30',
  durationMinutes: 30,
  type: 'user',
  ...extra,
});

/** The class world of one describe block with signed-in agents (one per user) and calendar calls. */
export const useCalendarWorld = () => {
  const ctx = useClassWorld();
  const agents = new Map<string, Agent>();
  const as = async (u: UserRow): Promise<Agent> => {
    const known = agents.get(u.id) ?? (await signIn(ctx.t.app, u.username));
    agents.set(u.id, known);
    return known;
  };
  /** `POST /api/calendar/events` as `u`, expecting 201. */
  const create = async (u: UserRow, extra: Partial<EventForm>): Promise<EventDetails> => {
    const res = await (await as(u)).req('POST', '/api/calendar/events', eventFormOf(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<EventDetails>();
  };
  /** A GET as `u`, expecting 200. */
  const get = async <T>(u: UserRow, url: string): Promise<T> => {
    const res = await (await as(u)).req('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  return { ctx, as, create, get };
};
