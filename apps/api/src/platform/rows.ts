import type { InferSelectModel } from 'drizzle-orm';
import type { sessions } from '../db/schema/sessions.ts';
import type { users } from '../db/schema/users.ts';

export type UserRow = InferSelectModel<typeof users>;
export type SessionRow = InferSelectModel<typeof sessions>;
