import type { PortfolioDetails, PortfolioItem } from '@klase/core/portfolios/contracts';
import { expect } from 'vitest';
import type { Db } from '../db/client.ts';
import { submissionFiles } from '../db/schema/assessments.ts';
import type { FileStorage } from '../platform/storage.ts';
import type { Agent } from './agent.ts';
import { buildAssignment, buildSubmission } from './assessment-factories.ts';

/** Portfolios through the API, as the pages make them (issue 20). */

/** A multipart body with text fields first, then one file. */
export const multipartWithFields = (fields: Record<string, string>, field: string, filename: string, contentType: string, data: Buffer) => {
  const boundary = `----klase${Math.random().toString(16).slice(2)}`;
  const texts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = Buffer.from(
    `${texts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const createPortfolioAs = async (agent: Agent, body: { title: string; description?: string; groupId?: string | null }): Promise<PortfolioDetails> => {
  const res = await agent.req('POST', '/api/portfolios', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PortfolioDetails>();
};

export const addItemAs = async (agent: Agent, portfolioId: string, body: Record<string, unknown>): Promise<PortfolioItem> => {
  const res = await agent.req('POST', `/api/portfolios/${portfolioId}/items`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PortfolioItem>();
};

export const addFileItemAs = (agent: Agent, portfolioId: string, fileName: string, data: Buffer, fields: Record<string, string> = {}) =>
  agent.req('POST', `/api/portfolios/${portfolioId}/items/file`, undefined, multipartWithFields(fields, 'file', fileName, 'application/octet-stream', data));

export const publishAs = (agent: Agent, portfolioId: string, published = true) => agent.req('PATCH', `/api/portfolios/${portfolioId}/published`, { published });

/**
 * A returned, graded assignment of the student with feedback and one stored work file: what a
 * work item points to.
 */
export const buildGradedWork = async (
  db: Db,
  storage: FileStorage,
  opts: { schoolId: string; classId: string; studentId: string; name?: string; grade?: number; status?: 'draft' | 'submitted' | 'returned' },
) => {
  const { material, course } = await buildAssignment(db, {
    schoolId: opts.schoolId,
    classId: opts.classId,
    name: opts.name ?? 'Essay: My town',
    maxPoints: 50,
  });
  const status = opts.status ?? 'returned';
  const submission = await buildSubmission(db, {
    materialId: material.id,
    studentId: opts.studentId,
    status,
    textHtml: '<p>Iloilo is the city of love.</p>',
    grade: status === 'returned' ? (opts.grade ?? 45) : null,
    feedbackHtml: status === 'returned' ? '<p>Well argued.</p>' : null,
  });
  const key = `test-work/${submission.id}`;
  await storage.put(key, Buffer.from('%PDF-1.4 my essay'));
  await db
    .insert(submissionFiles)
    .values({ submissionId: submission.id, kind: 'work', storageKey: key, fileName: 'essay.pdf', size: 17, mime: 'application/pdf' });
  return { material, course, submission };
};
