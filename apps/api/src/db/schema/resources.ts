import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { stamps } from '../columns.ts';
import { schools } from './tenancy.ts';

/**
 * The school's resource library (`#/resources`): files and links teachers share with everyone of
 * their school. A file lives in storage under `fileKey`; a link has `url`.
 */
export const schoolResources = pgTable(
  'school_resources',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    schoolId: uuid('school_id')
      .notNull()
      .references(() => schools.id),
    kind: text('kind', { enum: ['file', 'link'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    gradeLevel: text('grade_level'),
    subject: text('subject'),
    url: text('url'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: bigint('file_size', { mode: 'number' }),
    fileMime: text('file_mime'),
    ...stamps(),
  },
  (t) => [index('school_resources_school_idx').on(t.schoolId, t.createdAt)],
);
