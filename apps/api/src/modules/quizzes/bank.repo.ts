import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { QuestionFormValues } from '@klase/core/quizzes/questions';
import type { ParsedTableQuery } from '@klase/core/table';
import type { Db } from '../../db/client.ts';
import { questionBank } from '../../db/schema/assessments.ts';
import { filterValues, orderOf, pageOf, searchAny } from '../../kernel/table-sql.ts';

/** A course's question bank: questions kept to be added to its quizzes (bank.service.ts). */
export type BankRecord = typeof questionBank.$inferSelect;

const BANK_SORTABLE = { updatedAt: questionBank.updatedAt, type: questionBank.type, points: questionBank.points };

/** One page of the course's bank: filter key `type`, search in the prompt, newest first. */
export const bankPage = async (db: Db, courseId: string, q: ParsedTableQuery): Promise<{ rows: BankRecord[]; total: number }> => {
  const types = filterValues(q, 'type');
  const where = and(
    eq(questionBank.courseId, courseId),
    types === undefined ? undefined : types.length ? inArray(questionBank.type, types) : sql`false`,
    searchAny(q.search, [sql`${questionBank.body}->>'prompt'`]),
  );
  const [total] = await db.select({ n: count() }).from(questionBank).where(where);
  const { limit, offset } = pageOf(q);
  const rows = await db
    .select()
    .from(questionBank)
    .where(where)
    .orderBy(...orderOf(q, BANK_SORTABLE, desc(questionBank.updatedAt), questionBank.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: Number(total?.n ?? 0) };
};

export const insertBank = async (db: Db, courseId: string, body: QuestionFormValues, actorId: string): Promise<BankRecord> => {
  const [row] = await db
    .insert(questionBank)
    .values({ courseId, type: body.type, points: body.points, body, createdBy: actorId, updatedBy: actorId })
    .returning();
  if (!row) throw new Error('bank insert');
  return row;
};

export const bankRows = (db: Db, courseId: string, ids: readonly string[]): Promise<BankRecord[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select()
        .from(questionBank)
        .where(and(eq(questionBank.courseId, courseId), inArray(questionBank.id, [...ids])));

export const deleteBank = async (db: Db, courseId: string, bankId: string): Promise<BankRecord | null> => {
  const [row] = await db
    .delete(questionBank)
    .where(and(eq(questionBank.courseId, courseId), eq(questionBank.id, bankId)))
    .returning();
  return row ?? null;
};
