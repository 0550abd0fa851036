import type { ChildEntry } from '@klase/core/auth/contracts';
import type { AuthState } from './rows.ts';

/**
 * A short-lived per-node cache of session lookups, so the check before every navigation does not
 * cost a database round trip each time. It holds nothing another node needs: the database stays
 * the authority, and every entry is dropped
 *   - when the database says so: triggers NOTIFY `klase_auth` with `user:<id>` on changes to a user,
 *     their sessions or parent links, and `all` on school and customer changes (every node listens);
 *   - at once on this node after any state-changing request of the user (so a user's own change is
 *     never served stale, even before the notification arrives);
 *   - after `ttlMs` at the latest (a lost notification cannot keep a stale entry for long);
 *   - when the session's idle or absolute expiry passes (checked on every read);
 *   - all of them when the notifications stop or start again (the LISTEN connection was lost or
 *     came back: invalidations may have been missed), and nothing is cached while `live()` says
 *     they are not arriving.
 * See docs/decisions/0008-session-cache.md.
 */
export const AUTH_CHANNEL = 'klase_auth';

interface Entry {
  auth: AuthState;
  storedAt: number;
}

export interface SessionCache {
  get(tokenHash: string, now?: number): AuthState | undefined;
  set(tokenHash: string, auth: AuthState, now?: number): void;
  children(userId: string, load: () => Promise<ChildEntry[]>): Promise<ChildEntry[]>;
  invalidateUser(userId: string): void;
  clear(): void;
  /** Applies a `klase_auth` notification payload. */
  onNotify(payload: string): void;
  readonly size: number;
}

export const createSessionCache = (opts: {
  ttlMs: number;
  maxEntries?: number;
  /** Whether invalidations are arriving now (the database's LISTEN connection is up); by default always. */
  live?: () => boolean;
}): SessionCache => {
  const live = opts.live ?? (() => true);
  const maxEntries = opts.maxEntries ?? 20_000;
  const byToken = new Map<string, Entry>();
  const tokensOfUser = new Map<string, Set<string>>();
  const childrenOf = new Map<string, { at: number; value: Promise<ChildEntry[]> }>();
  const enabled = opts.ttlMs > 0;

  const drop = (tokenHash: string) => {
    const e = byToken.get(tokenHash);
    if (!e) return;
    byToken.delete(tokenHash);
    const set = tokensOfUser.get(e.auth.user.id);
    set?.delete(tokenHash);
    if (set && set.size === 0) tokensOfUser.delete(e.auth.user.id);
  };

  const invalidateUser = (userId: string) => {
    for (const t of tokensOfUser.get(userId) ?? []) byToken.delete(t);
    tokensOfUser.delete(userId);
    childrenOf.delete(userId);
  };

  const clear = () => {
    byToken.clear();
    tokensOfUser.clear();
    childrenOf.clear();
  };

  return {
    get(tokenHash, now = Date.now()) {
      if (!enabled) return undefined;
      if (!live()) {
        if (byToken.size > 0 || childrenOf.size > 0) clear();
        return undefined;
      }
      const e = byToken.get(tokenHash);
      if (!e) return undefined;
      const s = e.auth.session;
      if (now - e.storedAt > opts.ttlMs || s.idleExpiresAt.getTime() <= now || s.absoluteExpiresAt.getTime() <= now) {
        drop(tokenHash);
        return undefined;
      }
      return e.auth;
    },
    set(tokenHash, auth, now = Date.now()) {
      if (!enabled || !live()) return;
      if (byToken.size >= maxEntries) {
        const oldest = byToken.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      byToken.set(tokenHash, { auth, storedAt: now });
      let set = tokensOfUser.get(auth.user.id);
      if (!set) tokensOfUser.set(auth.user.id, (set = new Set()));
      set.add(tokenHash);
    },
    async children(userId, load) {
      if (!enabled || !live()) return load();
      const hit = childrenOf.get(userId);
      if (hit && Date.now() - hit.at <= opts.ttlMs) return hit.value;
      const value = load();
      childrenOf.set(userId, { at: Date.now(), value });
      value.catch(() => childrenOf.delete(userId));
      return value;
    },
    invalidateUser,
    clear,
    onNotify(payload) {
      if (payload.startsWith('user:')) invalidateUser(payload.slice(5));
      else clear();
    },
    get size() {
      return byToken.size;
    },
  };
};
