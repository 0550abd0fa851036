import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  decoded: string;
}

const decodeQuotedPrintable = (raw: string): string =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. */
export const startSmtp = async () => {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, decoded: decodeQuotedPrintable(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** The newest mail to this address. */
    lastTo(address: string): ReceivedMail | undefined {
      return [...inbox].reverse().find((m) => m.to.includes(address));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** The token of the SPA link in a mail, e.g. `http://klase.test/#/account/activation?token=...`. */
export const linkToken = (mail: ReceivedMail, page: string): string => {
  const m = new RegExp(`http://klase\\.test/#/account/${page}\\?token=([A-Za-z0-9_%-]+)`).exec(mail.decoded);
  if (!m?.[1]) throw new Error(`no ${page} link in mail:\n${mail.decoded}`);
  return decodeURIComponent(m[1]);
};
