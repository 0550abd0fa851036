import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/**
 * The loop every database-backed background worker of an API node runs (mail outbox, bulk
 * uploads): `drain` processes what is due and answers how much it did; the loop runs it when
 * woken by a NOTIFY on `channel` (from any node), on a poll interval (to pick up work whose node
 * died), or when asked. Runs never overlap: a wake-up during a run makes the run go round once more.
 * When the database goes away a run fails (logged, never thrown); the loop tries again after a
 * growing delay (`RETRY_MS`, up to the poll interval) and at once when the LISTEN connection is
 * back (notifications may have been missed meanwhile), so jobs resume by themselves.
 */
export const RETRY_MS = [250, 500, 1000, 2000, 5000] as const;

export interface WorkerLoop {
  /** Drains now; resolves when nothing is due. Answers how many items were processed. */
  flush(): Promise<number>;
  /** Drains in the background, if the loop was started. */
  kick(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const createWorkerLoop = (opts: {
  database: Database;
  channel: string;
  pollMs: number;
  log: FastifyBaseLogger;
  name: string;
  drain: () => Promise<number>;
}): WorkerLoop => {
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let stopWatching: (() => void) | undefined;

  const flush = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await opts.drain();
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const wake = () => {
    flush().then(
      () => {
        failures = 0;
      },
      (err: unknown) => {
        opts.log.error({ err }, `${opts.name} failed`);
        if (!timer || retry) return;
        const delay = Math.min(opts.pollMs, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)] ?? 5000);
        failures += 1;
        retry = setTimeout(() => {
          retry = undefined;
          if (timer) wake();
        }, delay);
        retry.unref();
      },
    );
  };

  return {
    flush,
    kick: () => {
      if (timer) wake();
    },
    async start() {
      if (timer) return;
      stopWatching = opts.database.onEvent((event) => {
        if (event.type === 'listener-up' && event.reconnected) wake();
      });
      unlisten = await opts.database.listen(opts.channel, wake);
      timer = setInterval(wake, opts.pollMs);
      timer.unref();
      wake();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      if (retry) clearTimeout(retry);
      retry = undefined;
      stopWatching?.();
      stopWatching = undefined;
      if (unlisten) await unlisten();
      unlisten = undefined;
      if (running) await running.catch(() => 0);
    },
  };
};
