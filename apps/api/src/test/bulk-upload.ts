import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { BulkJobDetails } from '@klase/core/admin/bulk';
import { buildAdminWorld, type AdminWorld } from './admin-world.ts';
import { signIn, type Agent } from './agent.ts';
import { multipartFile } from './multipart.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Bulk-upload steps shared by the bulk tests: upload, let the worker check it, confirm it. */

export const BULK_HEADER =
  'role,username,email,salutation,firstName,middleName,lastName,suffix,employeeNumber,gradeLevel,section,parentUsernames,lrn,sex,birthDate';

export const uploadBulk = (agent: Agent, data: Buffer, name = 'users.csv', query = '') =>
  agent.req('POST', `/api/admin/bulk-jobs${query}`, undefined, multipartFile('file', name, 'application/octet-stream', data));

/** Runs the worker and answers the job as the agent sees it. */
export const bulkJobAfterWork = async (app: FastifyInstance, agent: Agent, id: string): Promise<BulkJobDetails> => {
  await app.bulkWorker.flush();
  const res = await agent.req('GET', `/api/admin/bulk-jobs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BulkJobDetails>();
};

/** The checked preview, then the confirmation, then the finished job. */
export const confirmBulk = async (app: FastifyInstance, agent: Agent, id: string): Promise<BulkJobDetails> => {
  expect((await bulkJobAfterWork(app, agent, id)).status).toBe('preview');
  const res = await agent.req('POST', `/api/admin/bulk-jobs/${id}/confirm`);
  expect(res.statusCode, res.body).toBe(200);
  return bulkJobAfterWork(app, agent, id);
};

/** One app, the admin world and school A's administrator signed in, for a bulk test file. */
export const useBulkWorld = () => {
  const world = {} as { t: TestApp; w: AdminWorld; sa: Agent };
  beforeAll(async () => {
    world.t = await createTestApp();
    world.w = await buildAdminWorld(world.t.db);
    world.sa = await signIn(world.t.app, world.w.schoolAdminA.username);
  });
  afterAll(() => world.t.close());
  return world;
};
