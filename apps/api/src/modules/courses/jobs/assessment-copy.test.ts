import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AssignmentSettings, FileInfo } from '@klase/core/assignments/contracts';
import { sampleForms } from '@klase/core/quizzes/test-questions';
import type { CourseCopyAnswer, CourseDetails } from '@klase/core/courses/contracts';
import type { Db } from '../../../db/client.ts';
import { materialAttachments, questionBank, quizAttempts, quizQuestions, quizSettings, submissionFiles, submissions } from '../../../db/schema/assessments.ts';
import { courseMaterials } from '../../../db/schema/courses.ts';
import { auditLog } from '../../../db/schema/platform.ts';
import { signIn, type Agent } from '../../../test/agent.ts';
import { buildSubmission } from '../../../test/assessment-factories.ts';
import { multipartFile } from '../../../test/multipart.ts';
import { addQuizQuestions, sampleQuestions, setQuizSettings } from '../../../test/quiz-factories.ts';
import { fileKey } from '../../../kernel/file-refs.ts';
import { useClassWorld } from '../../../test/class-world.ts';
import { buildSourceCourse } from '../../../test/course-jobs-world.ts';

/** Without what a copy changes (ids, material, stamps). */
const setup = <T extends { materialId: string; createdAt: Date; updatedAt: Date; createdBy: string | null; updatedBy: string | null }>(row: T | undefined) => {
  if (!row) return row;
  const { materialId: _m, createdAt: _c, updatedAt: _u, createdBy: _b, updatedBy: _v, ...rest } = row;
  return rest;
};

const questionsOf = async (db: Db, materialId: string) =>
  (await db.select().from(quizQuestions).where(eq(quizQuestions.materialId, materialId)).orderBy(asc(quizQuestions.position))).map(
    ({ id, position, type, points, body }) => ({
      id,
      copied: { position, type, points, body },
    }),
  );

describe('course copy: the assessment setup, never students’ work; deletions keep shared files', () => {
  const ctx = useClassWorld();
  const runJobs = () => ctx.t.app.courseJobWorker.flush();
  const stored = async (key: string) => ctx.t.app.storage.get(key);
  const copyOf = async (teacher: Agent, courseId: string) => {
    const res = await teacher.req('POST', `/api/courses/${courseId}/copy`, { targetClassId: ctx.w.cls.id });
    expect(res.statusCode, res.body).toBe(202);
    expect(await runJobs()).toBe(1);
    const { courseId: id } = res.json<CourseCopyAnswer>();
    const details = (await teacher.req('GET', `/api/courses/${id}`)).json<CourseDetails>();
    const byName = Object.fromEntries(details.elements.flatMap((e) => e.materials).map((m) => [m.name, m.id]));
    return { courseId: id, byName: (name: string) => byName[name] ?? '' };
  };

  /** A stored file of a student's work or the teacher's feedback, written as the upload routes do. */
  const storeSubmissionFile = async (courseId: string, materialId: string, submissionId: string, kind: 'work' | 'feedback', text: string) => {
    const storageKey = fileKey(courseId, materialId, kind);
    await ctx.t.app.storage.put(storageKey, Buffer.from(text));
    await ctx.t.db.insert(submissionFiles).values({ submissionId, kind, storageKey, fileName: `${kind}.txt`, size: text.length, mime: 'text/plain' });
    return storageKey;
  };

  it('copies assignment settings and attachments (same stored file), quiz settings, questions (new ids) and the question bank; no submissions, files or attempts', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const source = await buildSourceCourse(teacher, t.db, w.cls.id, w.s1);
    const essay = source.byName.Essay ?? '';
    const quiz = source.byName['Quiz 1'] ?? '';
    const lab = source.byName.Lab ?? '';
    const saved = await teacher.req('PUT', `/api/materials/${essay}/assignment-settings`, {
      allowLate: true,
      submissionType: 'files',
      maxFiles: 3,
      maxFileMb: 20,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const attached = await teacher.req(
      'POST',
      `/api/materials/${essay}/attachments`,
      undefined,
      multipartFile('file', 'worksheet.txt', 'text/plain', Buffer.from('fill me in')),
    );
    expect(attached.statusCode, attached.body).toBe(201);
    await setQuizSettings(t.db, quiz, { attemptsAllowed: 2, gradingMethod: 'average', timeLimitMinutes: 20, passingPercent: 60 }, w.teacher.id);
    await addQuizQuestions(t.db, quiz, sampleQuestions('multipleChoice', 'trueFalse', 'numeric'), w.teacher.id);
    expect((await teacher.req('POST', `/api/courses/${source.course.id}/question-bank`, sampleForms.shortAnswer)).statusCode).toBe(201);
    // Students' work on each graded material.
    const work = await buildSubmission(t.db, { materialId: essay, studentId: w.s1.id, grade: 18 });
    await storeSubmissionFile(source.course.id, essay, work.id, 'work', 'my essay');
    await buildSubmission(t.db, { materialId: quiz, studentId: w.s1.id, grade: 4, status: 'returned' });
    await t.db
      .insert(quizAttempts)
      .values({ materialId: quiz, studentId: w.s1.id, number: 1, questionOrder: [], seed: 'seed', status: 'submitted', submittedAt: new Date() });
    await buildSubmission(t.db, { materialId: lab, studentId: w.s1.id, grade: 9, status: 'returned' });

    const copy = await copyOf(teacher, source.course.id);
    const copiedEssay = copy.byName('Essay');
    const copiedQuiz = copy.byName('Quiz 1');

    // The assignment reads the same, its attachment downloads with the same bytes from the same stored file.
    const settings = (await teacher.req('GET', `/api/materials/${copiedEssay}/assignment-settings`)).json<AssignmentSettings>();
    const original = (await teacher.req('GET', `/api/materials/${essay}/assignment-settings`)).json<AssignmentSettings>();
    expect(settings).toMatchObject({
      allowLate: true,
      submissionType: 'files',
      maxFiles: 3,
      maxFileMb: 20,
      attachments: [expect.objectContaining({ name: 'worksheet.txt' })],
    });
    expect({ ...settings, materialId: essay, attachments: [] }).toEqual({ ...original, attachments: [] });
    const [copiedFile] = settings.attachments;
    expect(copiedFile?.id).not.toBe(original.attachments[0]?.id);
    expect((await teacher.req('GET', copiedFile?.downloadUrl ?? '')).body).toBe('fill me in');
    const keys = await t.db
      .select({ key: materialAttachments.storageKey })
      .from(materialAttachments)
      .where(inArray(materialAttachments.materialId, [essay, copiedEssay]));
    expect(new Set(keys.map((k) => k.key)).size).toBe(1);
    expect(keys).toHaveLength(2);

    // The quiz: its settings, its questions under new ids, its points.
    const [srcSettings] = await t.db.select().from(quizSettings).where(eq(quizSettings.materialId, quiz));
    const [dstSettings] = await t.db.select().from(quizSettings).where(eq(quizSettings.materialId, copiedQuiz));
    expect(setup(dstSettings)).toEqual(setup(srcSettings));
    expect(dstSettings).toMatchObject({ attemptsAllowed: 2, gradingMethod: 'average', createdBy: w.teacher.id });
    const [srcQuestions, dstQuestions] = [await questionsOf(t.db, quiz), await questionsOf(t.db, copiedQuiz)];
    expect(dstQuestions).toHaveLength(3);
    expect(dstQuestions.map((q) => q.copied)).toEqual(srcQuestions.map((q) => q.copied));
    expect(dstQuestions.some((q) => srcQuestions.some((s) => s.id === q.id))).toBe(false);
    const points = await t.db
      .select({ id: courseMaterials.id, maxPoints: courseMaterials.maxPoints })
      .from(courseMaterials)
      .where(inArray(courseMaterials.id, [quiz, copiedQuiz]));
    expect(points[0]?.maxPoints).toBe(points[1]?.maxPoints);

    // The question bank.
    const bank = await teacher.req('GET', `/api/courses/${copy.courseId}/question-bank`);
    expect(bank.statusCode, bank.body).toBe(200);
    expect(bank.json<{ data: { type: string }[] }>().data).toEqual([expect.objectContaining({ type: 'shortAnswer' })]);
    expect(await t.db.$count(questionBank, eq(questionBank.courseId, source.course.id))).toBe(1);

    // No student's work came along.
    const copiedIds = [copiedEssay, copiedQuiz, copy.byName('Lab')];
    expect(await t.db.$count(submissions, inArray(submissions.materialId, copiedIds))).toBe(0);
    expect(await t.db.$count(quizAttempts, inArray(quizAttempts.materialId, copiedIds))).toBe(0);
    expect(await t.db.$count(submissions, inArray(submissions.materialId, [essay, quiz, lab]))).toBe(3);
    const jose = await signIn(t.app, w.s1.username);
    await teacher.req('PATCH', `/api/courses/${copy.courseId}/published`, { published: true });
    const week2 = (await teacher.req('GET', `/api/courses/${copy.courseId}`)).json<CourseDetails>().elements.find((e) => e.name === 'Week 2')?.id;
    // The copy's materials are unpublished too (issue 13): publish the element with them.
    await teacher.req('PATCH', `/api/courses/${copy.courseId}/elements/${week2}/published`, { published: true, contents: true });
    const mine = await jose.req('GET', `/api/materials/${copiedEssay}/my-submission`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ status: 'none', files: [], grade: null });

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, copy.courseId), eq(auditLog.action, 'course.copied')));
    expect(audit?.data).toMatchObject({ after: { sourceCourseId: source.course.id, elements: 2, materials: 8, questions: 3, bank: 1 } });
  });

  /** A source course whose essay has an attachment ("rubric.txt") and Jose's returned work with a work and a feedback file. */
  const essayWithFiles = async (teacher: Agent) => {
    const { t, w } = ctx;
    const source = await buildSourceCourse(teacher, t.db, w.cls.id, w.s1);
    const essay = source.byName.Essay ?? '';
    const attached = await teacher.req(
      'POST',
      `/api/materials/${essay}/attachments`,
      undefined,
      multipartFile('file', 'rubric.txt', 'text/plain', Buffer.from('the rubric')),
    );
    const [attachment] = await t.db.select().from(materialAttachments).where(eq(materialAttachments.id, attached.json<FileInfo>().id));
    const work = await buildSubmission(t.db, { materialId: essay, studentId: w.s1.id, grade: 18, status: 'returned' });
    const keys = {
      attachment: attachment?.storageKey ?? '',
      work: await storeSubmissionFile(source.course.id, essay, work.id, 'work', 'my essay'),
      feedback: await storeSubmissionFile(source.course.id, essay, work.id, 'feedback', 'see margins'),
    };
    return { source, essay, work, keys };
  };

  it('deleting a material or a course removes its attachments, work and feedback files, except files another course still uses', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const { source, work, keys } = await essayWithFiles(teacher);
    const { attachment: attachmentKey, work: workKey, feedback: feedbackKey } = keys;
    const first = await copyOf(teacher, source.course.id);
    const second = await copyOf(teacher, source.course.id);

    // One copy removes its attachment, then its assignment: the file stays for the others.
    const firstFiles = (await teacher.req('GET', `/api/materials/${first.byName('Essay')}/assignment-settings`)).json<AssignmentSettings>().attachments;
    expect((await teacher.req('DELETE', `/api/materials/${first.byName('Essay')}/attachments/${firstFiles[0]?.id}`)).statusCode).toBe(200);
    expect(await stored(attachmentKey)).not.toBeNull();
    expect((await teacher.req('DELETE', `/api/materials/${first.byName('Essay')}`)).statusCode).toBe(200);
    expect(await stored(attachmentKey)).not.toBeNull();

    // The source course goes: the students' work and feedback go with it; the second copy keeps its attachment.
    expect((await teacher.req('DELETE', `/api/courses/${source.course.id}`)).statusCode).toBe(202);
    expect(await runJobs()).toBe(1);
    expect(await t.db.$count(submissionFiles, eq(submissionFiles.submissionId, work.id))).toBe(0);
    expect(await stored(workKey)).toBeNull();
    expect(await stored(feedbackKey)).toBeNull();
    expect(await stored(attachmentKey)).not.toBeNull();
    const kept = (await teacher.req('GET', `/api/materials/${second.byName('Essay')}/assignment-settings`)).json<AssignmentSettings>().attachments;
    expect((await teacher.req('GET', kept[0]?.downloadUrl ?? '')).body).toBe('the rubric');

    // The last assignment using it is deleted: the file goes.
    expect((await teacher.req('DELETE', `/api/materials/${second.byName('Essay')}`)).statusCode).toBe(200);
    expect(await stored(attachmentKey)).toBeNull();
  });

  it('deleting an assignment removes its own attachments, work and feedback files once the deletion is done', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const { essay, keys } = await essayWithFiles(teacher);
    for (const key of Object.values(keys)) expect(await stored(key)).not.toBeNull();
    // The essay has a grade: the deletion says what happens to it (here: discarded with it).
    expect((await teacher.req('DELETE', `/api/materials/${essay}?grades=discard`)).statusCode).toBe(200);
    expect(await t.db.$count(submissions, eq(submissions.materialId, essay))).toBe(0);
    expect(await t.db.$count(materialAttachments, eq(materialAttachments.materialId, essay))).toBe(0);
    for (const key of Object.values(keys)) expect(await stored(key)).toBeNull();
  });

  it('deleting the element of an assignment removes its attachments, work and feedback files too', async () => {
    const { t, w } = ctx;
    const teacher = await signIn(t.app, w.teacher.username);
    const { source, essay, keys } = await essayWithFiles(teacher);
    const [row] = await t.db.select({ elementId: courseMaterials.elementId }).from(courseMaterials).where(eq(courseMaterials.id, essay));
    expect((await teacher.req('DELETE', `/api/courses/${source.course.id}/elements/${row?.elementId}`)).statusCode).toBe(200);
    expect(await t.db.$count(submissions, eq(submissions.materialId, essay))).toBe(0);
    for (const key of Object.values(keys)) expect(await stored(key)).toBeNull();
  });
});
