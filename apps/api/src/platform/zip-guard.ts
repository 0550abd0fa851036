/**
 * Checks a ZIP archive (an XLSX, a future import) from its central directory, before anything is
 * unpacked: how many entries it has and how large they are once unpacked. A ZIP bomb (a small
 * file that unpacks to gigabytes) is refused here, in microseconds, instead of being inflated.
 * Every archive the API reads goes through `inspectZip` first (decision 0018).
 */

export interface ZipLimits {
  /** The sum of the entries' uncompressed sizes may not pass this. */
  maxUnpackedBytes: number;
  maxEntries: number;
}

export type ZipVerdict = { ok: true; entries: number; unpackedBytes: number } | { ok: false; reason: 'notZip' | 'zip64' | 'tooManyEntries' | 'tooLarge' };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const MAX_COMMENT = 0xffff;

/** The offset of the end-of-central-directory record (searched back over a possible comment). */
const findEocd = (buf: Buffer): number => {
  const stop = Math.max(0, buf.length - EOCD_SIZE - MAX_COMMENT);
  for (let i = buf.length - EOCD_SIZE; i >= stop; i--) if (buf.readUInt32LE(i) === EOCD) return i;
  return -1;
};

export const inspectZip = (buf: Buffer, limits: ZipLimits): ZipVerdict => {
  if (buf.length < EOCD_SIZE) return { ok: false, reason: 'notZip' };
  const eocd = findEocd(buf);
  if (eocd < 0) return { ok: false, reason: 'notZip' };
  const count = buf.readUInt16LE(eocd + 10);
  const size = buf.readUInt32LE(eocd + 12);
  const offset = buf.readUInt32LE(eocd + 16);
  // ZIP64 (more than 65,535 entries or 4 GB) is never a workbook we accept.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return { ok: false, reason: 'zip64' };
  if (count > limits.maxEntries) return { ok: false, reason: 'tooManyEntries' };
  if (offset + size > eocd) return { ok: false, reason: 'notZip' };
  let at = offset;
  let unpacked = 0;
  for (let n = 0; n < count; n++) {
    if (at + CENTRAL_SIZE > eocd || buf.readUInt32LE(at) !== CENTRAL) return { ok: false, reason: 'notZip' };
    const compressed = buf.readUInt32LE(at + 20);
    const uncompressed = buf.readUInt32LE(at + 24);
    if (compressed === 0xffffffff || uncompressed === 0xffffffff) return { ok: false, reason: 'zip64' };
    unpacked += uncompressed;
    if (unpacked > limits.maxUnpackedBytes) return { ok: false, reason: 'tooLarge' };
    at += CENTRAL_SIZE + buf.readUInt16LE(at + 28) + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  return { ok: true, entries: count, unpackedBytes: unpacked };
};
