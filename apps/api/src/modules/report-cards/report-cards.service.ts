import type { HonorRow, PaperSize, Quarter, ReportCardJob } from '@klase/core/deped/contracts';
import { honorOf } from '@klase/core/deped/engine';
import { DomainError } from '@klase/core/errors';
import { ROLE } from '@klase/core/roles';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import { loadClassAccess, type ClassAccess, type ClassRecord } from '../../kernel/class-access.ts';
import { averageOf, learnerAreas, loadLearners, loadReportCards, loadSectionGrades, requireDeped } from './report-card-data.repo.ts';
import { sf9Document } from './sf9-document.ts';
import type { CardLang } from './sf9-labels.ts';
import { renderPdf } from './sf9-pdf.ts';
import { insertJob, jobView, readClass, readJob, sectionsOfGradeLevel } from './report-cards.repo.ts';

export type CardQuery = { quarter: Quarter; paper: PaperSize; lang: CardLang };

const STAFF = new Set(['teacher', 'assistant', 'schoolAdmin']);
const SCHOOL_STAFF = new Set<number>([ROLE.teacher, ROLE.assistantTeacher, ROLE.schoolAdmin]);

/** Staff of the class (teachers, assistants) or the school administrator; anyone else in the class is refused as not found. */
const staffAccess = async (db: Db, user: UserRow, classId: string): Promise<ClassAccess> => {
  const access = await loadClassAccess(db, user, classId);
  if (!STAFF.has(access.relation)) throw new DomainError('NOT_FOUND');
  return access;
};

const fileLabel = (s: string): string => s.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');

/**
 * One learner's SF9: staff of the class, the school administrator, or a parent of the learner
 * (DepEd hands the card to the parent; students download nothing here). Other learners, other
 * classes and other schools: 404. A custom-policy school: 409 DEPED_POLICY_OFF.
 */
export const learnerCard = async (ctx: Ctx, user: UserRow, classId: string, studentId: string, q: CardQuery) => {
  const access = await loadClassAccess(ctx.db, user, classId);
  const allowed = STAFF.has(access.relation) || (access.relation === 'parent' && access.childIds.includes(studentId));
  if (!allowed) throw new DomainError('NOT_FOUND');
  const [card] = await loadReportCards(ctx.db, access.cls, q.quarter, { studentIds: [studentId] });
  if (!card) throw new DomainError('NOT_FOUND');
  const pdf = await renderPdf(sf9Document([card], q.paper, q.lang));
  return { pdf, name: `SF9-Q${q.quarter}-${fileLabel(card.learner.sortName)}.pdf` };
};

/** Queues the whole section's file (staff of the class, the school administrator). */
export const startSectionJob = async (ctx: Ctx, user: UserRow, classId: string, q: CardQuery): Promise<ReportCardJob> => {
  const access = await staffAccess(ctx.db, user, classId);
  await requireDeped(ctx.db, access.cls.schoolId);
  const learners = await loadLearners(ctx.db, classId);
  const job = await insertJob(ctx.db, {
    schoolId: access.cls.schoolId,
    classId,
    requestedBy: user.id,
    quarter: q.quarter,
    paper: q.paper,
    lang: q.lang,
    total: learners.length,
  });
  return jobView(job);
};

const visibleJob = async (ctx: Ctx, user: UserRow, classId: string, jobId: string) => {
  await staffAccess(ctx.db, user, classId);
  const job = await readJob(ctx.db, classId, jobId);
  if (!job) throw new DomainError('NOT_FOUND');
  return job;
};

export const sectionJob = async (ctx: Ctx, user: UserRow, classId: string, jobId: string): Promise<ReportCardJob> =>
  jobView(await visibleJob(ctx, user, classId, jobId));

/** The finished file (404 until the job is done, or once it was cleaned away). */
export const sectionJobFile = async (ctx: Ctx, user: UserRow, classId: string, jobId: string) => {
  const job = await visibleJob(ctx, user, classId, jobId);
  const file = job.state === 'done' && job.fileKey ? await ctx.storage.getStream(job.fileKey) : null;
  if (!file) throw new DomainError('NOT_FOUND');
  const cls = await readClass(ctx.db, classId);
  return { ...file, mime: 'application/pdf', name: `SF9-Q${job.quarter}-${fileLabel(cls?.name ?? 'section')}.pdf` };
};

/** Honors of one section from the learners' general averages (only learners with every final grade), best first. */
const sectionHonors = async (db: Db, cls: ClassRecord): Promise<HonorRow[]> => {
  const { grades } = await loadSectionGrades(db, cls);
  const learners = await loadLearners(db, cls.id);
  const rows: HonorRow[] = [];
  for (const l of learners) {
    const avg = averageOf(learnerAreas(grades, l.id, 4));
    const honor = honorOf(avg?.exact ?? null);
    if (avg && honor) rows.push({ studentId: l.id, name: l.name, classId: cls.id, className: cls.name, generalAverage: avg.exact, honor });
  }
  return rows;
};

const bestFirst = (rows: HonorRow[]): HonorRow[] => rows.sort((a, b) => b.generalAverage - a.generalAverage || a.name.localeCompare(b.name));

export const classHonors = async (ctx: Ctx, user: UserRow, classId: string): Promise<HonorRow[]> => {
  const access = await staffAccess(ctx.db, user, classId);
  return bestFirst(await sectionHonors(ctx.db, access.cls));
};

/** Honors of a grade level across the school's current sections (school staff). */
export const schoolHonors = async (ctx: Ctx, user: UserRow, gradeLevel: string): Promise<HonorRow[]> => {
  if (!user.schoolId || !SCHOOL_STAFF.has(user.roleId)) throw new DomainError('NOT_FOUND');
  await requireDeped(ctx.db, user.schoolId);
  const list = await sectionsOfGradeLevel(ctx.db, user.schoolId, gradeLevel);
  const rows: HonorRow[] = [];
  for (const cls of list) rows.push(...(await sectionHonors(ctx.db, cls)));
  return bestFirst(rows);
};
