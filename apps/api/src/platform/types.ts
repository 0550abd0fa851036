import type { Locale } from '@klase/core/constants';
import type { RoleId } from '@klase/core/roles';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { AfterAnswer } from './after-answer.ts';
import type { Mailer } from './mail.ts';
import type { FileStorage } from './storage.ts';
import type { SessionCache } from './session-cache.ts';
import type { AuthState } from './rows.ts';

/** Who may call a route. Every route declares one in `config.policy`. */
export type Policy = { access: 'public' } | { access: 'visitor' } | { access: 'signedIn' } | { access: 'roles'; roles: readonly RoleId[] };

export type { AuthState };

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    mailer: Mailer;
    storage: FileStorage;
    sessionCache: SessionCache;
    afterAnswer: AfterAnswer;
  }
  interface FastifyRequest {
    auth: AuthState | null;
    /** A session cookie came with the request (valid or not). */
    hadSessionCookie: boolean;
    locale: Locale;
  }
  interface FastifyContextConfig {
    policy?: Policy;
    /**
     * The route changes nothing a session answer holds (the user, their session, school or parent
     * links): its state-changing requests keep the user's cached session (a message sent every
     * few seconds need not read the session again each time).
     */
    keepsSession?: boolean;
  }
}
