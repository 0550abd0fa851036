import type { FastifyReply } from 'fastify';
import type { Locale } from '@klase/core/constants';
import { currentQuarter, type ClassRecordInfo } from '@klase/core/deped/class-record';
import type { ClassRecordChange, ClassRecordPreview, ClassRecordRowError, Quarter } from '@klase/core/deped/contracts';
import { DomainError } from '@klase/core/errors';
import { gradeChangeLocked, gradeValueIssue, type GradeItemRow } from '@klase/core/gradebook/index';
import type { Ctx } from '../../platform/context.ts';
import { attachmentHeader } from '../../platform/downloads.ts';
import type { UserRow } from '../../platform/rows.ts';
import { CONTENT_TYPES } from '../../platform/spreadsheet.ts';
import { loadGradebookAccess, requireGradeManage, requireGradeStaff, type GradebookAccess } from '../gradebook/gradebook-access.ts';
import { ensureGradebook, loadSetupRows, lockGradeRow, upsertGrade } from '../gradebook/gradebook-data.service.ts';
import { loadDepedGrades, readDepedKeys } from '../grading-policy/deped-grades.service.ts';
import { readClassRecord, type ScoreCell } from './class-record-read.ts';
import { readLearners, readLockedGrades, readRecordHeader } from './class-record.repo.ts';
import { buildClassRecord, learnerName, type ClassRecordSource } from './class-record-sheet.ts';

/**
 * The E-Class Record of a DepEd learning area (issue 19): export (staff of the class) and import
 * with a preview (teachers of the class, as grade entry in the grid). Both read the course through
 * the shared DepEd loader, so the sheet's PS, WS, initial and quarterly grades are the engine's
 * and an import's "before" is what the grid and the report show.
 */

const WORDS = {
  learner: { 'en-us': 'Learner', ph: 'Mag-aaral', zh: '学生' },
  unknownLearner: {
    'en-us': 'This row is not a learner of this class.',
    ph: 'Ang hilerang ito ay hindi mag-aaral ng klaseng ito.',
    zh: '此行不是本班的学生。',
  },
  twice: { 'en-us': 'This learner is in the file twice.', ph: 'Dalawang beses nasa file ang mag-aaral na ito.', zh: '此学生在文件中出现了两次。' },
  notNumber: { 'en-us': '“{value}” is not a number.', ph: 'Ang “{value}” ay hindi numero.', zh: '“{value}”不是数字。' },
  tooHigh: {
    'en-us': '{value} is more than the highest possible score, {limit}.',
    ph: 'Ang {value} ay higit sa pinakamataas na posibleng iskor, {limit}.',
    zh: '{value} 超过了最高可能分数 {limit}。',
  },
  tooLow: { 'en-us': '{value} is less than {limit}.', ph: 'Ang {value} ay mas mababa sa {limit}.', zh: '{value} 小于 {limit}。' },
  refused: { 'en-us': 'This item does not take a number.', ph: 'Hindi tumatanggap ng numero ang aytem na ito.', zh: '此项目不接受数字。' },
  locked: { 'en-us': 'This grade is locked.', ph: 'Naka-lock ang markang ito.', zh: '此成绩已锁定。' },
  excused: {
    'en-us': 'This grade is excused; change it in the gradebook.',
    ph: 'Excused ang markang ito; baguhin ito sa gradebook.',
    zh: '此成绩已免除；请在成绩册中修改。',
  },
  gone: { 'en-us': 'This item is no longer in this quarter.', ph: 'Wala na sa markahang ito ang aytem na ito.', zh: '此项目已不在本季度中。' },
} as const satisfies Record<string, Record<Locale, string>>;

const say = (key: keyof typeof WORDS, locale: Locale, params: Record<string, string | number> = {}): string =>
  WORDS[key][locale].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));

/** The course's DepEd grades for a caller checked with `check`; 409 DEPED_POLICY_OFF when the course is not a DepEd learning area. */
const openRecord = async (ctx: Ctx, user: UserRow, courseId: string, check: (g: GradebookAccess) => void) => {
  const g = await loadGradebookAccess(ctx.db, user, courseId);
  check(g);
  const data = await loadDepedGrades(ctx.db, courseId);
  if (!data) throw new DomainError('DEPED_POLICY_OFF');
  return { g, data };
};

/** `GET …/class-record/info` (staff): whether the gradebook tab offers the E-Class Record, and its first quarter. */
export const classRecordInfo = async (ctx: Ctx, user: UserRow, courseId: string, now = Date.now()): Promise<ClassRecordInfo> => {
  const g = await loadGradebookAccess(ctx.db, user, courseId);
  requireGradeStaff(g);
  const keys = await readDepedKeys(ctx.db, courseId);
  const today = new Date(now).toISOString().slice(0, 10);
  return { deped: keys !== null, currentQuarter: keys ? currentQuarter(keys.policy.quarters, today) : 1, canImport: g.manage };
};

/** The workbook of the course's quarter (XLSX bytes) and its file name. */
export const classRecordFile = async (ctx: Ctx, user: UserRow, courseId: string, quarter: Quarter): Promise<{ name: string; body: Buffer }> => {
  const { g, data } = await openRecord(ctx, user, courseId, requireGradeStaff);
  const [header, learners] = await Promise.all([readRecordHeader(ctx.db, courseId, g.classId), readLearners(ctx.db, g.classId)]);
  const book = buildClassRecord(data satisfies ClassRecordSource, quarter, header, learners);
  const body = Buffer.from(await book.xlsx.writeBuffer());
  const base = header.courseCode.replace(/[\\/:*?"<>|\s]+/g, '-') || 'course';
  return { name: `${base}-class-record-Q${quarter}.xlsx`, body };
};

export const sendClassRecord = async (ctx: Ctx, user: UserRow, courseId: string, quarter: Quarter, reply: FastifyReply) => {
  const file = await classRecordFile(ctx, user, courseId, quarter);
  return reply
    .header('content-type', CONTENT_TYPES.xlsx)
    .header('content-disposition', attachmentHeader(file.name))
    .header('cache-control', 'private, no-store')
    .send(file.body);
};

/** An import refused for its wrong rows (400 CLASS_RECORD_ROWS, the body's `rows` naming them). */
export class ClassRecordRowsError extends DomainError {
  readonly rows: ClassRecordRowError[];
  constructor(rows: ClassRecordRowError[]) {
    super('CLASS_RECORD_ROWS');
    this.rows = rows;
  }
}

interface PlannedChange extends ClassRecordChange {
  item: GradeItemRow;
}

/** Checks every row of the file against the course (the grid's rules): the changes, and every wrong cell or row named. */
const planImport = async (ctx: Ctx, user: UserRow, courseId: string, quarter: Quarter, buf: Buffer, locale: Locale, now: number) => {
  const { g, data } = await openRecord(ctx, user, courseId, requireGradeManage);
  const file = await readClassRecord(buf, { courseId, quarter });
  await ensureGradebook(ctx.db, courseId);
  const [setup, learners] = await Promise.all([loadSetupRows(ctx.db, courseId, g.schoolId, g.manage), readLearners(ctx.db, g.classId)]);
  if (!setup.ready) throw new DomainError('GRADEBOOK_NOT_READY');
  const quarterItems = new Map(data.items.filter((i) => i.quarter === quarter).map((i) => [i.id, i]));
  const setupItems = new Map(setup.items.map((i) => [i.id, i]));
  const locked = await readLockedGrades(ctx.db, [...quarterItems.keys()]);
  const learnerById = new Map(learners.map((l) => [l.id, l]));
  const errors: ClassRecordRowError[] = [];
  const changes: PlannedChange[] = [];
  const seen = new Set<string>();
  const itemLabel = (itemId: string) => quarterItems.get(itemId)?.name ?? setupItems.get(itemId)?.name ?? itemId;

  for (const row of file.rows) {
    const learner = row.studentId ? learnerById.get(row.studentId) : undefined;
    const student = learner ? data.students.get(learner.id) : undefined;
    if (!learner || !student) {
      errors.push({ row: row.row, field: row.name || say('learner', locale), message: say('unknownLearner', locale) });
      continue;
    }
    if (seen.has(learner.id)) {
      errors.push({ row: row.row, field: learnerName(learner), message: say('twice', locale) });
      continue;
    }
    seen.add(learner.id);
    for (const [itemId, cell] of row.scores) {
      const planned = checkCell(cell, { itemId, row: row.row, label: itemLabel(itemId), locale });
      if (planned.kind === 'skip') continue;
      if (planned.kind === 'error') {
        errors.push(planned.error);
        continue;
      }
      const item = setupItems.get(itemId);
      const depedItem = quarterItems.get(itemId);
      const field = itemLabel(itemId);
      if (!item || !depedItem) {
        errors.push({ row: row.row, field, message: say('gone', locale) });
        continue;
      }
      if (student.excused.has(itemId)) {
        errors.push({ row: row.row, field, message: say('excused', locale) });
        continue;
      }
      const before = student.scores.get(itemId) ?? null;
      if (before === planned.value) continue;
      const issue = gradeValueIssue(
        item,
        setup.scales.find((s) => s.id === item.scaleId),
        planned.value,
      );
      if (issue) {
        const limit = issue.params?.limit ?? '';
        const key = issue.key === 'notGreaterThan' ? 'tooHigh' : issue.key === 'notLessThan' ? 'tooLow' : 'refused';
        errors.push({ row: row.row, field, message: say(key, locale, { value: planned.value, limit }) });
        continue;
      }
      if (gradeChangeLocked(item, locked.has(`${itemId}:${learner.id}`), { value: planned.value }, now)) {
        errors.push({ row: row.row, field, message: say('locked', locale) });
        continue;
      }
      changes.push({ studentId: learner.id, studentName: learnerName(learner), itemId, itemName: field, before, after: planned.value, item });
    }
  }
  return { g, changes, errors };
};

type CellPlan = { kind: 'skip' } | { kind: 'error'; error: ClassRecordRowError } | { kind: 'value'; value: number };

/** A blank cell leaves the score as it is (decision file); text is "not a number". */
const checkCell = (cell: ScoreCell, at: { itemId: string; row: number; label: string; locale: Locale }): CellPlan => {
  if (cell.kind === 'empty') return { kind: 'skip' };
  if (cell.kind === 'text') return { kind: 'error', error: { row: at.row, field: at.label, message: say('notNumber', at.locale, { value: cell.text }) } };
  return { kind: 'value', value: cell.value };
};

const publicChange = ({ item: _item, ...change }: PlannedChange): ClassRecordChange => change;

/** `POST …/class-record/preview`: what an import of this file would change, or its wrong rows (nothing saved). */
export const previewClassRecord = async (
  ctx: Ctx,
  user: UserRow,
  courseId: string,
  quarter: Quarter,
  buf: Buffer,
  locale: Locale,
  now = Date.now(),
): Promise<ClassRecordPreview> => {
  const { changes, errors } = await planImport(ctx, user, courseId, quarter, buf, locale, now);
  return { changes: changes.map(publicChange), errors };
};

/**
 * `POST …/class-record/import`: every change in one transaction, each cell locked and checked
 * again as the grid does, written with who changed it (the history triggers record it and mark the
 * course's totals for recalculation). A file with a wrong row writes nothing: 400 with the rows.
 */
export const importClassRecord = async (
  ctx: Ctx,
  user: UserRow,
  courseId: string,
  quarter: Quarter,
  buf: Buffer,
  locale: Locale,
  now = Date.now(),
): Promise<ClassRecordPreview> => {
  const { changes, errors } = await planImport(ctx, user, courseId, quarter, buf, locale, now);
  if (errors.length > 0) throw new ClassRecordRowsError(errors);
  const at = new Date(now);
  await ctx.db.transaction(async (tx) => {
    for (const c of changes) {
      const current = await lockGradeRow(tx, c.itemId, c.studentId);
      if (gradeChangeLocked(c.item, current?.locked ?? false, { value: c.after }, now)) throw new DomainError('GRADE_LOCKED');
      await upsertGrade(tx, { itemId: c.itemId, studentId: c.studentId, courseId, userId: user.id, at }, { value: c.after });
    }
  });
  return { changes: changes.map(publicChange), errors: [] };
};
