import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { retryWhileUnavailable } from './db-errors.ts';
import { createWorkerLoop } from './worker-loop.ts';
import type { Database, Db } from '../db/client.ts';
import { claimDueMails, insertMails, markMailFailed, markMailSent, notifyChannel } from './mail.repo.ts';

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
  /** Not sent before this time (e.g. the end of the recipient's quiet hours); default now. */
  sendAfter?: Date;
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

/**
 * Sends every due pending mail, batch after batch, until none is left. Answers how many were sent.
 * A claimed row has its attempt counted already; a failure retries it with back-off, and the
 * `MAX_ATTEMPTS`-th fails it for good.
 */
const sendDue = async (db: Db, transport: Transport, from: string, log: FastifyBaseLogger): Promise<number> => {
  let sent = 0;
  for (;;) {
    const rows = await claimDueMails(db, BATCH, LEASE_SECONDS);
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
        await retryWhileUnavailable(() => markMailSent(db, row.id));
        sent += 1;
      } else {
        const attempts = row.attempts + 1;
        const message = failure instanceof Error ? failure.message.slice(0, 500) : 'send failed';
        log.warn({ mailId: row.id, attempts, err: message }, 'mail send failed');
        await markMailFailed(db, row.id, message, attempts >= MAX_ATTEMPTS ? null : 10 * 2 ** attempts);
      }
    }
  }
};

export const createMailer = (opts: { database: Database; transport: Transport | null; from: string; pollMs: number; log: FastifyBaseLogger }): Mailer => {
  const { database, transport, from, log } = opts;
  const drain = async (): Promise<number> => (transport ? sendDue(database.db, transport, from, log) : 0);
  const loop = createWorkerLoop({ database, channel: OUTBOX_CHANNEL, pollMs: opts.pollMs, log, name: 'mail worker', drain });

  return {
    async enqueue(tx, mail) {
      await this.enqueueMany(tx, [mail]);
    },
    async enqueueMany(tx, mails) {
      if (mails.length === 0) return;
      await insertMails(
        tx,
        mails.map((mail) => ({
          schoolId: mail.schoolId ?? null,
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
          ...(mail.sendAfter ? { nextAttemptAt: mail.sendAfter } : {}),
          status: transport ? ('pending' as const) : ('stored' as const),
        })),
      );
      if (transport) await notifyChannel(tx, OUTBOX_CHANNEL);
    },
    flush: loop.flush,
    async start() {
      if (transport) await loop.start();
    },
    stop: loop.stop,
  };
};
