import { fork, type ChildProcess } from 'node:child_process';

/**
 * Keeps the API process running: starts it as a child, and when it dies (a crash, an out-of-memory
 * kill) starts it again after a back-off that doubles on quick repeated crashes (1 s, 2 s, 4 s ...
 * up to 30 s) and starts over once a child has stayed up for a minute. Only one child runs at a
 * time, and the next starts only after the previous has exited, so the PGlite folder (which one
 * process may hold) is never opened twice. SIGINT and SIGTERM go to the child, which shuts down
 * gracefully; the supervisor then exits with its code. `npm start` runs this (decision 0018).
 */

export interface SupervisorOptions {
  /** The module the child runs (the API server). */
  script: string;
  args?: string[];
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** A child up this long resets the back-off. */
  stableMs?: number;
  log?: (message: string) => void;
}

export interface Supervisor {
  /** Stops the child (SIGTERM) and restarts no more; answers its exit code. */
  stop(): Promise<number>;
  /** Children started so far. */
  starts(): number;
  /** The running child's pid, if any. */
  pid(): number | undefined;
}

export const supervise = (opts: SupervisorOptions): Supervisor => {
  const min = opts.minBackoffMs ?? 1000;
  const max = opts.maxBackoffMs ?? 30_000;
  const stable = opts.stableMs ?? 60_000;
  const log = opts.log ?? ((m: string) => console.error(m));
  let child: ChildProcess | null = null;
  let backoff = min;
  let started = 0;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let onStopped: ((code: number) => void) | null = null;

  const start = () => {
    timer = null;
    started += 1;
    const since = Date.now();
    const current = fork(opts.script, opts.args ?? [], { stdio: 'inherit' });
    child = current;
    current.once('exit', (code, signal) => {
      child = null;
      if (stopping) {
        onStopped?.(code ?? (signal ? 1 : 0));
        return;
      }
      if (Date.now() - since >= stable) backoff = min;
      log(`Klase API process exited (${signal ?? `code ${code}`}); starting it again in ${Math.round(backoff / 100) / 10} s.`);
      timer = setTimeout(start, backoff);
      backoff = Math.min(backoff * 2, max);
    });
  };

  start();
  return {
    stop: () =>
      new Promise<number>((resolve) => {
        stopping = true;
        if (timer) clearTimeout(timer);
        if (!child) {
          resolve(0);
          return;
        }
        onStopped = resolve;
        child.kill('SIGTERM');
      }),
    starts: () => started,
    pid: () => child?.pid,
  };
};
