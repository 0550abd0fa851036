import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { retryWhileUnavailable } from './db-errors.ts';
import { createWorkerLoop } from './worker-loop.ts';
import type { Database, Db } from '../db/client.ts';
import { outbox } from '../db/schema/platform.ts';

export const OUTBOX_CHANNEL = 'klase_outbox';
const MAX_ATTEMPTS = 5;
/** A claimed mail is retried after this lease if its node died while sending. */
const LEASE_SECONDS = 300;
const BATCH = 10;

export interface OutgoingMail {
  schoolId?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Inserts the mail in the caller's transaction; it leaves only if that transaction commits. */
  enqueue(tx: Db, mail: OutgoingMail): Promise<void>;
  /** Many mails in one insert (bulk imports), in the caller's transaction. */
  enqueueMany(tx: Db, mails: readonly OutgoingMail[]): Promise<void>;
  /** Sends every due pending mail now (the worker calls it; tests too). Answers how many were sent. */
  flush(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface Transport {
  send(mail: { from: string; to: string; subject: string; text: string; html?: string }): Promise<void>;
}

export const smtpTransport = (url: string): Transport => {
  const t = nodemailer.createTransport(url);
  return {
    send: async (m) => {
      await t.sendMail(m);
    },
  };
};

export const createMailer = (opts: {
  database: Database;
  transport: Transport | null;
  from: string;
  pollMs: number;
  log: FastifyBaseLogger;
}): Mailer => {
  const { database, transport, from, log } = opts;
  const db = database.db;

  /** Claims due rows with FOR UPDATE SKIP LOCKED and leases them, so other nodes skip them. */
  const claim = () =>
    db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(outbox.createdAt)
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (rows.length === 0) return rows;
      await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .where(inArray(outbox.id, rows.map((r) => r.id)));
      return rows;
    });

  const sendBatch = async (): Promise<number> => {
    if (!transport) return 0;
    let sent = 0;
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return sent;
      for (const row of rows) {
        let failure: unknown = null;
        try {
          await transport.send({ from, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody ?? undefined });
        } catch (err) {
          failure = err;
        }
        if (failure === null) {
          // Sent: a database away for a moment must not turn that into a failed send (and a second
          // mail later). If it stays away, the lease runs out and the mail is sent again.
          await retryWhileUnavailable(() => db.update(outbox).set({ status: 'sent', sentAt: sql`now()`, lastError: null }).where(eq(outbox.id, row.id)));
          sent += 1;
        } else {
          const attempts = row.attempts + 1;
          const message = failure instanceof Error ? failure.message.slice(0, 500) : 'send failed';
          log.warn({ mailId: row.id, attempts, err: message }, 'mail send failed');
          await db
            .update(outbox)
            .set(
              attempts >= MAX_ATTEMPTS
                ? { status: 'failed', lastError: message }
                : { lastError: message, nextAttemptAt: sql`now() + make_interval(secs => ${10 * 2 ** attempts})` },
            )
            .where(eq(outbox.id, row.id));
        }
      }
    }
  };

  const loop = createWorkerLoop({ database, channel: OUTBOX_CHANNEL, pollMs: opts.pollMs, log, name: 'mail worker', drain: sendBatch });

  return {
    async enqueue(tx, mail) {
      await this.enqueueMany(tx, [mail]);
    },
    async enqueueMany(tx, mails) {
      if (mails.length === 0) return;
      await tx.insert(outbox).values(
        mails.map((mail) => ({
          schoolId: mail.schoolId ?? null,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          status: transport ? ('pending' as const) : ('stored' as const),
        })),
      );
      if (transport) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
    },
    flush: loop.flush,
    async start() {
      if (transport) await loop.start();
    },
    stop: loop.stop,
  };
};
