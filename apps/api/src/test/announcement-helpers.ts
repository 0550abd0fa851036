import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AnnouncementForm, AnnouncementList, AnnouncementRow } from '@klase/core/announcements/contracts';
import type { Db } from '../db/client.ts';
import { announcements } from '../db/schema/announcements.ts';
import type { Agent } from './agent.ts';

/** Announcement test helpers: post one (expecting 201), read an agent's current ones, count rows. */
export const announce = async (agent: Agent, form: AnnouncementForm): Promise<AnnouncementRow> => {
  const res = await agent.req('POST', '/api/announcements', form);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AnnouncementRow>();
};

export const currentOf = async (agent: Agent, query = ''): Promise<AnnouncementList> => {
  const res = await agent.req('GET', `/api/announcements/current${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AnnouncementList>();
};

export const titlesOf = async (agent: Agent, query = ''): Promise<string[]> => (await currentOf(agent, query)).items.map((a) => a.title);

export const rowsBy = async (db: Db, authorId: string) => db.select().from(announcements).where(eq(announcements.authorId, authorId));
