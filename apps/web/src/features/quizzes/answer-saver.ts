import type { AnswerValue } from '@klase/core/quizzes/questions';
import { isApiError } from '../../api/http.ts';
import type { UnsentStore } from '../../lib/unsent.ts';

/**
 * Saves a quiz attempt's answers as the student goes (one PUT per question, the latest value
 * wins): typed answers after a pause, choices at once. A save that fails for the network or the
 * server is kept and retried (sooner when the browser is back online); an attempt the server has
 * closed (ATTEMPT_FINISHED) stops everything and says so. With a `store`, every value waits on
 * the device until the server has it: without a connection the status is `offline` ("Saved on
 * this device, will send when online"), and a reopened page sends what a closed one could not.
 * Plain TypeScript: the page subscribes to its status.
 */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'offline' | 'finished';

/** `finished`: the server says the attempt is over; `refused`: the last save it refused for another reason (not retried). */
export interface SaverSnapshot {
  status: SaveStatus;
  refused: unknown;
}

export interface AnswerSaverOptions {
  save: (questionId: string, value: AnswerValue) => Promise<unknown>;
  /** Keeps unsent values on the device (lib/unsent.ts). */
  store?: UnsentStore<AnswerValue>;
  retryMinMs?: number;
  retryMaxMs?: number;
}

export const TEXT_SAVE_DELAY_MS = 800;
const RETRY_MIN_MS = 2000;
const RETRY_MAX_MS = 30_000;

/** Worth another try: no connection, a server error or too many requests. */
const retryable = (e: unknown) => !isApiError(e) || e.code === 'NETWORK' || e.status >= 500 || e.status === 429;

export class AnswerSaver {
  private readonly pending = new Map<string, AnswerValue>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly inFlight = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private waiters: ((ok: boolean) => void)[] = [];
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryDelay: number;
  private failing = false;
  private offline = false;
  private savedOnce = false;
  private finished = false;
  private refused: unknown = null;
  private snapshot: SaverSnapshot = { status: 'idle', refused: null };

  constructor(private readonly options: AnswerSaverOptions) {
    this.retryDelay = options.retryMinMs ?? RETRY_MIN_MS;
  }

  getSnapshot = (): SaverSnapshot => this.snapshot;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** True while an answer is not on the server yet. */
  hasUnsaved = () => this.pending.size > 0 || this.inFlight.size > 0;

  /** Saves `value` for the question after `delayMs` (0: now); a newer value replaces a waiting one. */
  queue(questionId: string, value: AnswerValue, delayMs: number) {
    if (this.finished) return;
    this.pending.set(questionId, value);
    this.options.store?.set(questionId, value);
    this.clearTimer(questionId);
    if (delayMs <= 0) void this.send(questionId);
    else
      this.timers.set(
        questionId,
        setTimeout(() => void this.send(questionId), delayMs),
      );
    this.update();
  }

  /** Sends everything waiting now; resolves true once all is saved, false when a save fails or the attempt is over. */
  flush(): Promise<boolean> {
    if (this.finished) return Promise.resolve(false);
    for (const id of [...this.timers.keys()]) this.clearTimer(id);
    for (const id of [...this.pending.keys()]) void this.send(id);
    if (!this.hasUnsaved()) return Promise.resolve(true);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** The browser is back online: retry at once. */
  retryNow = () => {
    if (!this.failing) return;
    this.clearRetry();
    for (const id of [...this.pending.keys()]) void this.send(id);
  };

  /** Leaving the page: what is waiting goes now (without waiting for answers); timers stop. */
  dispose() {
    for (const id of [...this.timers.keys()]) this.clearTimer(id);
    this.clearRetry();
    if (!this.finished) for (const id of [...this.pending.keys()]) void this.send(id);
    this.listeners.clear();
  }

  private async send(questionId: string) {
    if (this.finished || this.inFlight.has(questionId)) return;
    const value = this.pending.get(questionId);
    if (value === undefined) return;
    this.clearTimer(questionId);
    this.pending.delete(questionId);
    this.inFlight.add(questionId);
    this.update();
    try {
      await this.options.save(questionId, value);
      this.options.store?.remove(questionId, value);
      this.savedOnce = true;
      this.failing = false;
      this.offline = false;
      this.retryDelay = this.options.retryMinMs ?? RETRY_MIN_MS;
    } catch (e) {
      if (isApiError(e) && e.code === 'ATTEMPT_FINISHED') this.finish();
      else if (retryable(e)) {
        // A newer value typed meanwhile wins over the one that failed.
        if (!this.pending.has(questionId)) this.pending.set(questionId, value);
        this.failing = true;
        this.offline = isApiError(e) && e.code === 'NETWORK';
        this.scheduleRetry();
        this.settleWaiters(false);
      } else {
        // Refused for good (not a network or server trouble): keeping it would only resend it.
        this.options.store?.remove(questionId, value);
        this.refused = e;
      }
    } finally {
      this.inFlight.delete(questionId);
    }
    // A value queued while this one was on its way goes next (unless waiting for a retry or a pause).
    if (!this.failing && this.pending.has(questionId) && !this.timers.has(questionId)) void this.send(questionId);
    this.update();
  }

  private finish() {
    this.finished = true;
    this.failing = false;
    this.options.store?.clear();
    this.pending.clear();
    for (const id of [...this.timers.keys()]) this.clearTimer(id);
    this.clearRetry();
    this.settleWaiters(false);
  }

  private scheduleRetry() {
    if (this.retryTimer !== null) return;
    const delay = this.retryDelay;
    this.retryDelay = Math.min(delay * 2, this.options.retryMaxMs ?? RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      for (const id of [...this.pending.keys()]) void this.send(id);
    }, delay);
  }

  private clearTimer(questionId: string) {
    const timer = this.timers.get(questionId);
    if (timer !== undefined) clearTimeout(timer);
    this.timers.delete(questionId);
  }

  private clearRetry() {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private settleWaiters(ok: boolean) {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve(ok);
  }

  private update() {
    const status: SaveStatus = this.finished
      ? 'finished'
      : this.failing
        ? this.offline && this.options.store
          ? 'offline'
          : 'retrying'
        : this.hasUnsaved()
          ? 'saving'
          : this.savedOnce
            ? 'saved'
            : 'idle';
    if (!this.hasUnsaved()) this.settleWaiters(true);
    if (status === this.snapshot.status && this.refused === this.snapshot.refused) return;
    this.snapshot = { status, refused: this.refused };
    for (const listener of this.listeners) listener();
  }
}
