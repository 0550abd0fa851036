import type { SessionRow, UserRow } from './sessions.repo.ts';

/** The rows of a signed-in caller; their types come from the tables, in the sessions repository. */
export type { SessionRow, UserRow };

/** The signed-in caller of a request (`request.auth`), as the session check leaves it. */
export interface AuthState {
  user: UserRow;
  session: SessionRow;
  schoolName: string | null;
}
