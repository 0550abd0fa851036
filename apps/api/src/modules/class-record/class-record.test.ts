import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ClassRecordInfo } from '@klase/core/deped/class-record';
import type { ClassRecordPreview } from '@klase/core/deped/contracts';
import { defaultQuarters } from '@klase/core/deped/defaults';
import { learnerProfiles } from '../../db/schema/deped.ts';
import { agentsOf, type Agent } from '../../test/agent.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildDepedCourse, setDepedPolicy } from '../../test/deped-factories.ts';
import { buildGradebookCourse, buildGradeItem } from '../../test/gradebook-factories.ts';
import { enter, gridOf } from '../../test/gradebook-world.ts';
import { loadDepedGrades } from '../grading-policy/deped-grades.service.ts';
import { classRecordColumns, ROWS } from './class-record-sheet.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const url = (courseId: string, what = '', quarter = 1) => `/api/courses/${courseId}/class-record${what}?quarter=${quarter}`;

describe('E-Class Record (export, preview, import)', () => {
  const ctx = useClassWorld();
  const agent = agentsOf(() => ctx.t.app);
  let teacher: Agent;
  beforeAll(async () => {
    teacher = await agent(ctx.w.teacher);
  });

  /** Languages (30/50/20), quarter 1: WW 20 + 30, PT 50, QA 40; Jose (male) and Ana (female) scored, Miguel not. */
  const world = async () => {
    const { t, w } = ctx;
    const quarters = defaultQuarters(2025);
    await setDepedPolicy(t.db, w.schoolA.id, { quarters });
    const s = await buildDepedCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id, quarters });
    const q1 = s.periods[0]!.id;
    const item = (name: string, categoryId: string, maxGrade: number, position: number) =>
      buildGradeItem(t.db, { courseId: s.course.id, categoryId, name, maxGrade, gradingPeriodId: q1, position });
    const w1 = await item('Seatwork 1', s.ww.id, 20, 1);
    const w2 = await item('Quiz 1', s.ww.id, 30, 2);
    const p1 = await item('Role play', s.pt.id, 50, 1);
    const e1 = await item('First quarterly exam', s.qa.id, 40, 1);
    for (const [studentId, scores] of [
      [w.s1.id, [18, 24, 40, 30]],
      [w.s2.id, [10, 15, 20, 10]],
    ] as const)
      for (const [i, it] of [w1, w2, p1, e1].entries()) await enter(teacher, s.course.id, it.id, studentId, { value: scores[i] });
    await t.db
      .insert(learnerProfiles)
      .values([
        { userId: w.s1.id, schoolId: w.schoolA.id, sex: 'male' },
        { userId: w.s2.id, schoolId: w.schoolA.id, sex: 'female' },
      ])
      .onConflictDoNothing();
    return { ...s, w1, w2, p1, e1 };
  };

  const download = async (a: Agent, courseId: string, quarter = 1): Promise<ExcelJS.Workbook> => {
    const res = await a.req('GET', url(courseId, '', quarter));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(String(res.headers['content-disposition'])).toContain(`class-record-Q${quarter}.xlsx`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return book;
  };
  const upload = (a: Agent, courseId: string, what: '/preview' | '/import', body: Buffer, quarter = 1) =>
    a.req('POST', url(courseId, what, quarter), body, { headers: { 'content-type': XLSX } });
  const bytes = async (book: ExcelJS.Workbook) => Buffer.from(await book.xlsx.writeBuffer());
  const rowOf = (ws: ExcelJS.Worksheet, studentId: string, idColumn: number): ExcelJS.Row => {
    for (let r = ROWS.hps + 1; r <= ws.rowCount; r++) if (ws.getCell(r, idColumn).value === studentId) return ws.getRow(r);
    throw new Error(`no row for ${studentId}`);
  };

  it("exports the section's record: header, MALE then FEMALE, the highest possible scores and the engine's grades", async () => {
    const { w, t } = ctx;
    const s = await world();
    const book = await download(teacher, s.course.id);
    const ws = book.getWorksheet('Q1')!;
    const data = (await loadDepedGrades(t.db, s.course.id))!;
    const cols = classRecordColumns(data.items, 1);
    const [ww, pt, qa] = cols.components;
    expect(ws.getCell(ROWS.section, 14).value).toBe(s.course.name);
    expect(ws.getCell(ROWS.hps, ww!.first).value).toBe(20);
    expect(ws.getCell(ROWS.hps, ww!.total!).value).toBe(50);
    expect(ws.getCell(ROWS.names, pt!.first).value).toBe('Role play');
    const firstCol: string[] = [];
    for (let r = ROWS.hps + 1; r <= ws.rowCount; r++) firstCol.push(String(ws.getCell(r, 1).value));
    expect(firstCol).toEqual(['MALE', '1. Dela Cruz, Jose', 'FEMALE', '1. Bonifacio, Ana', 'SEX NOT RECORDED', '1. Villanueva, Miguel']);
    // Jose: WW 42/50 = 84.00 → 25.20; PT 40/50 = 80.00 → 40.00; QA 30/40 = 75.00 → 15.00; initial 80.20 → row 79.20 → 87.
    const jose = rowOf(ws, w.s1.id, cols.id);
    expect([jose.getCell(ww!.ps).value, jose.getCell(ww!.ws).value, jose.getCell(pt!.ws).value, jose.getCell(qa!.ws).value]).toEqual([84, 25.2, 40, 15]);
    expect([jose.getCell(cols.initial).value, jose.getCell(cols.quarterly).value]).toEqual([80.2, 87]);
    expect(data.students.get(w.s1.id)!.results[0]).toMatchObject({ initial: 80.2, quarterly: 87 });
    // The assistant (staff) may export too.
    await download(await agent(w.assistant), s.course.id);
  });

  it('answers 404 to a teacher of another class, a student and another school, 403 to the assistant importing, 409 off DepEd; info says which', async () => {
    const { w, t } = ctx;
    const s = await world();
    const file = await bytes(await download(teacher, s.course.id));
    for (const who of [w.otherTeacher, w.s1, w.teacherB]) {
      const a = await agent(who);
      expect((await a.req('GET', url(s.course.id))).statusCode).toBe(404);
      if (who !== w.s1) {
        expect((await upload(a, s.course.id, '/preview', file)).statusCode).toBe(404);
        expect((await upload(a, s.course.id, '/import', file)).statusCode).toBe(404);
      }
    }
    expect((await upload(await agent(w.assistant), s.course.id, '/import', file)).statusCode).toBe(403);
    const info = async (a: Agent, courseId: string) => (await a.req('GET', `/api/courses/${courseId}/class-record/info`)).json<ClassRecordInfo>();
    expect(await info(teacher, s.course.id)).toMatchObject({ deped: true, canImport: true });
    expect(await info(await agent(w.assistant), s.course.id)).toMatchObject({ deped: true, canImport: false });
    expect((await (await agent(w.otherTeacher)).req('GET', `/api/courses/${s.course.id}/class-record/info`)).statusCode).toBe(404);
    const plain = await buildGradebookCourse(t.db, { schoolId: w.schoolA.id, classId: w.cls.id });
    expect(await info(teacher, plain.course.id)).toMatchObject({ deped: false });
    const off = await teacher.req('GET', url(plain.course.id));
    expect(off.statusCode).toBe(409);
    expect(off.json<{ code: string }>().code).toBe('DEPED_POLICY_OFF');
  });

  it('refuses a file that is not this course’s record of this quarter: an HTML page named .xlsx, another quarter, too large', async () => {
    const s = await world();
    const html = Buffer.from('<!doctype html><html><body><table><tr><td>Dela Cruz, Jose</td><td>20</td></tr></table></body></html>');
    for (const what of ['/preview', '/import'] as const) {
      const res = await upload(teacher, s.course.id, what, html);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ code: string; message: string }>()).toMatchObject({
        code: 'CLASS_RECORD_FILE',
        message: 'This file is not an E-Class Record of this course and quarter.',
      });
    }
    const q1 = await bytes(await download(teacher, s.course.id));
    expect((await upload(teacher, s.course.id, '/preview', q1, 2)).json<{ code: string }>().code).toBe('CLASS_RECORD_FILE');
    const huge = Buffer.concat([q1, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(teacher, s.course.id, '/preview', huge)).statusCode).toBe(413);
  });

  it('previews exactly the changed scores, imports them in one go, and the grid shows them', async () => {
    const { w } = ctx;
    const s = await world();
    const book = await download(teacher, s.course.id);
    const ws = book.getWorksheet('Q1')!;
    const data = (await loadDepedGrades(ctx.t.db, s.course.id))!;
    const cols = classRecordColumns(data.items, 1);
    const [ww, pt] = cols.components;
    rowOf(ws, w.s1.id, cols.id).getCell(ww!.first + 1).value = 28; // Quiz 1: 24 → 28
    rowOf(ws, w.s3.id, cols.id).getCell(pt!.first).value = 45; // Role play: none → 45
    const file = await bytes(book);

    const preview = await upload(teacher, s.course.id, '/preview', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const expected = [
      { studentId: w.s1.id, studentName: 'Dela Cruz, Jose', itemId: s.w2.id, itemName: 'Quiz 1', before: 24, after: 28 },
      { studentId: w.s3.id, studentName: 'Villanueva, Miguel', itemId: s.p1.id, itemName: 'Role play', before: null, after: 45 },
    ];
    expect(preview.json<ClassRecordPreview>()).toEqual({ changes: expected, errors: [] });
    // A preview saves nothing.
    expect((await loadDepedGrades(ctx.t.db, s.course.id))!.students.get(w.s1.id)!.scores.get(s.w2.id)).toBe(24);

    const imported = await upload(teacher, s.course.id, '/import', file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json<ClassRecordPreview>().changes).toEqual(expected);
    const grid = await gridOf(teacher, s.course.id);
    const cell = (studentId: string, itemId: string) => grid.students.find((x) => x.id === studentId)!.values[grid.items.findIndex((i) => i.id === itemId)];
    expect(cell(w.s1.id, s.w2.id)).toBe(28);
    expect(cell(w.s3.id, s.p1.id)).toBe(45);
    // The history records who changed it.
    const history = await teacher.req('GET', `/api/courses/${s.course.id}/gradebook/items/${s.w2.id}/grades/${w.s1.id}/history`);
    expect(history.json<{ newValue: string | null; changedBy: { id: string } | null }[]>()[0]).toMatchObject({
      newValue: '28.00',
      changedBy: { id: w.teacher.id },
    });
    // The same file again changes nothing.
    expect((await upload(teacher, s.course.id, '/preview', file)).json<ClassRecordPreview>()).toEqual({ changes: [], errors: [] });
  });

  it('names every wrong row (above the maximum, not a number, unknown learner, locked) and saves nothing', async () => {
    const { w } = ctx;
    const s = await world();
    await enter(teacher, s.course.id, s.e1.id, w.s2.id, { locked: true });
    const book = await download(teacher, s.course.id);
    const ws = book.getWorksheet('Q1')!;
    const data = (await loadDepedGrades(ctx.t.db, s.course.id))!;
    const cols = classRecordColumns(data.items, 1);
    const [ww, pt, qa] = cols.components;
    const jose = rowOf(ws, w.s1.id, cols.id);
    const ana = rowOf(ws, w.s2.id, cols.id);
    jose.getCell(ww!.first).value = 19; // a good change, not saved either
    jose.getCell(pt!.first).value = 55; // Role play max 50
    ana.getCell(ww!.first + 1).value = 'absent';
    ana.getCell(qa!.first).value = 35; // locked
    const stranger = ws.getRow(ws.rowCount + 1);
    stranger.getCell(1).value = 'Rizal, Jose';
    stranger.getCell(ww!.first).value = 10;
    const file = await bytes(book);
    const errors = [
      { row: jose.number, field: 'Role play', message: '55 is more than the highest possible score, 50.' },
      { row: ana.number, field: 'Quiz 1', message: '“absent” is not a number.' },
      { row: ana.number, field: 'First quarterly exam', message: 'This grade is locked.' },
      { row: stranger.number, field: 'Rizal, Jose', message: 'This row is not a learner of this class.' },
    ];
    const preview = (await upload(teacher, s.course.id, '/preview', file)).json<ClassRecordPreview>();
    expect(preview.errors).toEqual(errors);
    expect(preview.changes.map((c) => [c.itemName, c.after])).toEqual([['Seatwork 1', 19]]);

    const res = await upload(teacher, s.course.id, '/import', file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'CLASS_RECORD_ROWS', message: 'Some rows of this E-Class Record are wrong. Nothing was saved.', rows: errors });
    const after = (await loadDepedGrades(ctx.t.db, s.course.id))!;
    expect(after.students.get(w.s1.id)!.scores.get(s.w1.id)).toBe(18);
    expect(after.students.get(w.s2.id)!.scores.get(s.e1.id)).toBe(10);
  });
});
