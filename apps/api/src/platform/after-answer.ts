import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a route starts but does not wait for, so its answer takes the same time whatever the work
 * finds (forgot-password: the account lookup and the mail). Tasks run one at a time in the order
 * given, which also bounds what a burst of requests costs a node. Work that matters beyond a
 * restart belongs in the database (outbox, jobs); a task lost with its node only means the visitor
 * asks again.
 */
export interface AfterAnswer {
  /** Queues a task; answers false (and drops it) when `maxPending` tasks are already waiting. */
  run(task: () => Promise<void>): boolean;
  /** Resolves when every task queued so far has finished. */
  settle(): Promise<void>;
}

export const createAfterAnswer = (opts: { log: FastifyBaseLogger; maxPending: number }): AfterAnswer => {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    run(task) {
      if (pending >= opts.maxPending) {
        opts.log.warn('after-answer queue full; a task was dropped');
        return false;
      }
      pending += 1;
      tail = tail
        .then(task)
        .catch((err: unknown) => opts.log.error({ err }, 'after-answer task failed'))
        .finally(() => {
          pending -= 1;
        });
      return true;
    },
    settle: () => tail,
  };
};
