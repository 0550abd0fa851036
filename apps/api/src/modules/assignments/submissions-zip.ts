import { once } from 'node:events';
import type { Readable } from 'node:stream';
import type { Ctx, Db } from '../../platform/context.ts';
import type { UserRow } from '../../platform/rows.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { safeFileName } from '@klase/core/upload';
import { openGraded, requireStaff, type GradedMaterial } from './assignment-access.ts';
import { filesOf } from './assignments.repo.ts';
import { handedIn, workEntries } from './work-list.ts';

/**
 * The ZIP of every student's submitted work (`GET /api/materials/:materialId/submissions.zip`):
 * one folder per student named "Last, First", the files of handed-in work only (not drafts, not
 * feedback), every name made safe and unique, streamed entry by entry so no file is held whole.
 */

export interface ZipEntry {
  /** `Last, First/file name`. */
  name: string;
  storageKey: string;
}

/** `name` when free, else `name (2)`, `name (3)`... before the extension. */
const uniqueIn = (taken: Set<string>, name: string): string => {
  const key = (n: string) => n.toLowerCase();
  if (!taken.has(key(name))) {
    taken.add(key(name));
    return name;
  }
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; ; n++) {
    const candidate = `${stem} (${n})${ext}`;
    if (!taken.has(key(candidate))) {
      taken.add(key(candidate));
      return candidate;
    }
  }
};

/** The entries of the ZIP, students in sort-name order, files in upload order. */
export const zipEntries = async (db: Db, g: GradedMaterial): Promise<ZipEntry[]> => {
  const entries = (await workEntries(db, g)).filter((e) => handedIn(e.row));
  const files = await filesOf(
    db,
    entries.flatMap((e) => (e.row ? [e.row.id] : [])),
    'work',
  );
  const folders = new Set<string>();
  const out: ZipEntry[] = [];
  for (const { student, row } of entries) {
    const own = files.filter((f) => f.submissionId === row?.id);
    if (own.length === 0) continue;
    const folder = uniqueIn(folders, safeFileName(`${student.lastName}, ${student.firstName}`));
    const names = new Set<string>();
    for (const f of own) out.push({ name: `${folder}/${uniqueIn(names, safeFileName(f.fileName))}`, storageKey: f.storageKey });
  }
  return out;
};

/** The download name of the ZIP. */
export const zipFileName = (materialName: string): string => `${safeFileName(materialName)}.zip`;

/** What the ZIP of an assignment holds and is called (staff of the class; anyone else 404). */
export const submissionsZip = async (ctx: Ctx, user: UserRow, materialId: string): Promise<{ fileName: string; entries: ZipEntry[] }> => {
  const g = await openGraded(ctx.db, user, materialId, 'assignment');
  requireStaff(g);
  return { fileName: zipFileName(g.material.name), entries: await zipEntries(ctx.db, g) };
};

/** What the streaming needs of a ZIP writer (archiver's ZipArchive). */
export interface ZipWriter extends NodeJS.EventEmitter {
  append(source: Readable, data: { name: string }): unknown;
  finalize(): Promise<void>;
}

/**
 * Feeds the entries to the writer one at a time: a file is opened only once the previous one is
 * written, so a class's worth of files never holds that many open streams. Objects missing from
 * storage are left out.
 */
export const writeZip = async (storage: FileStorage, zip: ZipWriter, entries: readonly ZipEntry[]): Promise<void> => {
  for (const e of entries) {
    const stored = await storage.getStream(e.storageKey);
    if (!stored) continue;
    const written = once(zip, 'entry');
    zip.append(stored.stream, { name: e.name });
    await written;
  }
  await zip.finalize();
};
