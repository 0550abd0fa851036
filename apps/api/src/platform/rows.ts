import type { InferSelectModel } from 'drizzle-orm';
import type { sessions } from '../db/schema/sessions.ts';
import type { users } from '../db/schema/users.ts';

export type UserRow = InferSelectModel<typeof users>;
export type SessionRow = InferSelectModel<typeof sessions>;

/** The signed-in caller of a request (`request.auth`), as the session check leaves it. */
export interface AuthState {
  user: UserRow;
  session: SessionRow;
  schoolName: string | null;
}
