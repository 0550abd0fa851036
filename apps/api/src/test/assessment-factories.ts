import { inflateRawSync } from 'node:zlib';
import type { AssignmentSettingsForm } from '@klase/core/assignments/contracts';
import type { Db } from '../db/client.ts';
import { assignmentSettings, submissions } from '../db/schema/assessments.ts';
import { courseMaterials, courses } from '../db/schema/courses.ts';
import type { Agent } from './agent.ts';
import { buildElement, type ElementAssignment } from './course-factories.ts';
import { uniq } from './factories.ts';
import { multipartFile } from './multipart.ts';

/** Test data for assessments: graded materials, their settings and students' work. */

export type GradedType = 'assignment' | 'quiz' | 'activity';

export interface BuildGradedOptions {
  schoolId: string;
  classId: string;
  type?: GradedType;
  name?: string;
  /** Defaults to a week from now; null for none. */
  dueAt?: Date | null;
  maxPoints?: number;
  published?: boolean;
  /** The course's journey order (default: free order, so the material is open). */
  sequential?: boolean;
  assign?: ElementAssignment;
  /** Assignment settings to save (none: the defaults). Dates as Date. */
  settings?: Partial<Omit<AssignmentSettingsForm, 'openAt' | 'lateUntil'>> & { openAt?: Date | null; lateUntil?: Date | null };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A published course of the class with one element holding one graded material (an assignment
 * unless told otherwise), due in a week with 100 points unless told otherwise.
 */
export const buildGraded = async (db: Db, opts: BuildGradedOptions) => {
  const [course] = await db
    .insert(courses)
    .values({ schoolId: opts.schoolId, classId: opts.classId, name: uniq('Course '), code: uniq('C'), published: true, sequential: opts.sequential ?? false })
    .returning();
  if (!course) throw new Error('course');
  const element = await buildElement(db, course.id, { position: 0, assign: opts.assign });
  const [material] = await db
    .insert(courseMaterials)
    .values({
      courseId: course.id,
      elementId: element.id,
      name: opts.name ?? uniq('Essay '),
      type: opts.type ?? 'assignment',
      position: 0,
      published: opts.published ?? true,
      instructions: '<p>Write about your hometown.</p>',
      dueAt: opts.dueAt === undefined ? new Date(Date.now() + WEEK_MS) : opts.dueAt,
      maxPoints: opts.maxPoints ?? 100,
    })
    .returning();
  if (!material) throw new Error('material');
  if (opts.settings) {
    const { openAt, lateUntil, ...rest } = opts.settings;
    await db.insert(assignmentSettings).values({ materialId: material.id, ...rest, openAt: openAt ?? null, lateUntil: lateUntil ?? null });
  }
  return { course, element, material };
};

/** An assignment (see `buildGraded`). */
export const buildAssignment = (db: Db, opts: Omit<BuildGradedOptions, 'type'>) => buildGraded(db, { ...opts, type: 'assignment' });

/** A student's work written straight to the table (for lists and dashboards). */
export const buildSubmission = async (
  db: Db,
  opts: {
    materialId: string;
    studentId: string;
    status?: 'draft' | 'submitted' | 'returned';
    textHtml?: string | null;
    submittedAt?: Date | null;
    late?: boolean;
    grade?: number | null;
    feedbackHtml?: string | null;
    returnedAt?: Date | null;
  },
) => {
  const status = opts.status ?? 'submitted';
  const submittedAt = opts.submittedAt === undefined ? (status === 'draft' ? null : new Date()) : opts.submittedAt;
  const grade = opts.grade ?? null;
  const [row] = await db
    .insert(submissions)
    .values({
      materialId: opts.materialId,
      studentId: opts.studentId,
      status,
      textHtml: opts.textHtml === undefined ? '<p>My work</p>' : opts.textHtml,
      submittedAt,
      late: opts.late ?? false,
      submitCount: submittedAt ? 1 : 0,
      grade,
      feedbackHtml: opts.feedbackHtml ?? null,
      gradedAt: grade === null ? null : new Date(),
      returnedAt: opts.returnedAt === undefined ? (status === 'returned' ? new Date() : null) : opts.returnedAt,
    })
    .returning();
  if (!row) throw new Error('submission');
  return row;
};

// ---------------------------------------------------------------------------------------------
// Through the API, as a student's page does it

const base = (materialId: string) => `/api/materials/${materialId}/my-submission`;

/** `PUT .../my-submission` with the draft text. */
export const saveDraftAs = (agent: Agent, materialId: string, textHtml: string) => agent.req('PUT', base(materialId), { textHtml });

/** `POST .../my-submission/files` with one file. */
export const uploadWorkAs = (agent: Agent, materialId: string, fileName: string, data: Buffer, contentType = 'application/octet-stream') =>
  agent.req('POST', `${base(materialId)}/files`, undefined, multipartFile('file', fileName, contentType, data));

/** `POST .../my-submission/submit`. */
export const submitOnly = (agent: Agent, materialId: string) => agent.req('POST', `${base(materialId)}/submit`);

/** Saves `textHtml` as the draft, then submits it; answers the submit response. */
export const submitAs = async (agent: Agent, materialId: string, textHtml = '<p>My essay about Iloilo.</p>') => {
  const saved = await saveDraftAs(agent, materialId, textHtml);
  if (saved.statusCode !== 200) throw new Error(`draft: ${saved.statusCode} ${saved.body}`);
  return submitOnly(agent, materialId);
};

/** `PUT .../submissions/:studentId/grade`. */
export const gradeAs = (
  agent: Agent,
  materialId: string,
  studentId: string,
  body: { grade: number | null; feedbackHtml?: string; returnToStudent?: boolean },
) => agent.req('PUT', `/api/materials/${materialId}/submissions/${studentId}/grade`, body);

/**
 * Reads a whole ZIP answer: the entries of its central directory (stored or deflated) as
 * name → bytes. Enough for test archives (no ZIP64 records).
 */
export const readZip = (zip: Buffer): Map<string, Buffer> => {
  let end = zip.length - 22;
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) throw new Error('not a zip file');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + size);
    out.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
};
