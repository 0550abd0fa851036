import { Worker } from 'node:worker_threads';

/**
 * Runs CPU- and memory-heavy work on untrusted input (reading an uploaded spreadsheet or archive)
 * in a worker thread, off the event loop that answers every school's requests, with a heap cap
 * (`resourceLimits`) and a time limit. At most `MAX_PARALLEL` run at once per process; the others
 * wait their turn. The worker module answers with one message (its result) and is then ended.
 */

export const MAX_PARALLEL = 1;

export type IsolatedFailure = 'memory' | 'timeout' | 'crash';

export class IsolatedError extends Error {
  constructor(
    readonly reason: IsolatedFailure,
    cause?: unknown,
  ) {
    super(`isolated work failed: ${reason}`, { cause });
  }
}

const BOOT = new URL('./ts-worker.mjs', import.meta.url);

let running = 0;
const waiting: (() => void)[] = [];

const acquire = async (): Promise<void> => {
  if (running < MAX_PARALLEL) {
    running += 1;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
};

const release = (): void => {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
};

export interface IsolatedOptions {
  /** Heap of the worker (old generation), in MB. */
  memoryMb: number;
  timeoutMs: number;
}

const runOnce = <T>(entry: URL, input: ArrayBuffer, opts: IsolatedOptions): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const worker = new Worker(BOOT, {
      workerData: { entry: entry.href, input },
      transferList: [input],
      resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb, maxYoungGenerationSizeMb: 32 },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new IsolatedError('timeout'))), opts.timeoutMs);
    worker.once('message', (result: T) => settle(() => resolve(result)));
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => reject(new IsolatedError(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash', err))),
    );
    worker.once('exit', () => settle(() => reject(new IsolatedError('crash'))));
  });

/** Runs `entry` (a module reading `workerData.input` and posting one message) on a copy of `data`. */
export const runIsolated = async <T>(entry: URL, data: Uint8Array, opts: IsolatedOptions): Promise<T> => {
  const input = new ArrayBuffer(data.byteLength);
  new Uint8Array(input).set(data);
  await acquire();
  try {
    return await runOnce<T>(entry, input, opts);
  } finally {
    release();
  }
};
