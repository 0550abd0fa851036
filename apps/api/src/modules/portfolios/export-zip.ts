import { once } from 'node:events';
import { Transform, pipeline, type Readable } from 'node:stream';
import { safeFileName } from '@klase/core/upload';
import type { Db } from '../../platform/context.ts';
import type { FileStorage } from '../../platform/storage.ts';
import type { Owner } from './portfolio-access.ts';
import type { ItemRecord, PortfolioRecord } from './portfolios.repo.ts';
import { loadItems, ownerView, totalBytesOf, workView, type ItemContext } from './views.ts';

/**
 * The ZIP of a portfolio (issue 20): `index.html` (opens offline, links every item), the cover,
 * `items/NN <file name>` for file items, `items/NN <title>.html` for reflections, links and work, and
 * `items/NN <title> files/<name>` for a work item's files. Every name is one safe segment
 * (`safeFileName`: no `/`, `\`, `..`, control or bidirectional characters) made unique, so nothing
 * in the archive can point outside its folder. Entries stream one at a time: memory stays flat
 * whatever the size.
 */

export type ExportEntry = { name: string; storageKey: string; size: number } | { name: string; text: string };

export interface PortfolioExport {
  fileName: string;
  entries: ExportEntry[];
  totalBytes: number;
}

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A relative link to an entry (each path segment escaped), for `href`. */
const href = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

const page = (title: string, body: string): string =>
  `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5}img{max-width:100%}li{margin:.5rem 0}</style></head>\n<body>\n${body}\n</body></html>\n`;

/** `name` when free, else `stem (2).ext`, `stem (3).ext`... (case-insensitive). */
export const uniqueName = (taken: Set<string>, name: string): string => {
  const free = (n: string) => !taken.has(n.toLowerCase());
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; !free(candidate); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A title as one name: its slashes become dashes (a file's own name keeps only its last segment instead). */
const titleName = (title: string): string => safeFileName(title.replace(/[/\\]+/g, ' - '));

const workPage = (item: ItemRecord, ctx: ItemContext, filesDir: string | null, files: { name: string; path: string }[]): string => {
  const w = item.submissionId ? ctx.works.get(item.submissionId) : undefined;
  if (!w) return page(item.title, `<h1>${esc(item.title)}</h1><p>This work is no longer available.</p>`);
  const v = workView(item, w, ctx.workFiles, '');
  const parts = [
    `<h1>${esc(item.title)}</h1>`,
    item.caption ? `<p>${esc(item.caption)}</p>` : '',
    `<p>${esc(v.materialName)} · ${esc(v.courseName)}</p>`,
    v.submittedAt ? `<p>Submitted: ${esc(v.submittedAt.slice(0, 10))}${v.late ? ' (late)' : ''}</p>` : '',
    v.grade ? `<p>Grade: ${v.grade.points}${v.grade.maxPoints !== null ? ` / ${v.grade.maxPoints}` : ''}</p>` : '',
    v.textHtml ? `<section>${v.textHtml}</section>` : '',
    files.length > 0 && filesDir ? `<ul>${files.map((f) => `<li><a href="${href(f.path)}">${esc(f.name)}</a></li>`).join('')}</ul>` : '',
    v.feedbackHtml ? `<h2>Feedback</h2><section>${v.feedbackHtml}</section>` : '',
  ];
  return page(item.title, parts.join('\n'));
};

interface IndexLine {
  title: string;
  kind: string;
  path: string | null;
  url?: string;
}

const indexPage = (p: PortfolioRecord, owner: Owner, cover: string | null, lines: readonly IndexLine[]): string => {
  const o = ownerView(owner);
  const list = lines
    .map((l) => {
      const local = l.path ? `<a href="${href(l.path)}">${esc(l.title)}</a>` : esc(l.title);
      const external = l.url ? ` — <a href="${esc(l.url)}" rel="noopener noreferrer">${esc(l.url)}</a>` : '';
      return `<li>${local} <small>(${esc(l.kind)})</small>${external}</li>`;
    })
    .join('\n');
  return page(
    p.title,
    [
      cover ? `<img src="${href(cover)}" alt="">` : '',
      `<h1>${esc(p.title)}</h1>`,
      `<p>${esc(o.name)}${o.className ? ` · ${esc(o.className)}` : ''}</p>`,
      p.description ? `<p>${esc(p.description)}</p>` : '',
      `<ol>\n${list}\n</ol>`,
    ].join('\n'),
  );
};

/** What the ZIP of a portfolio holds, in order (`index.html` first). */
export const buildExport = async (db: Db, p: PortfolioRecord, owner: Owner): Promise<PortfolioExport> => {
  const { items, ctx } = await loadItems(db, p.id);
  const entries: ExportEntry[] = [];
  const taken = new Set<string>(['index.html', 'items']);
  const lines: IndexLine[] = [];
  let cover: string | null = null;
  if (p.coverKey) {
    cover = uniqueName(taken, `cover.${p.coverMime === 'image/png' ? 'png' : 'jpg'}`);
    entries.push({ name: cover, storageKey: p.coverKey, size: 0 });
  }
  const inItems = new Set<string>();
  items.forEach((item, i) => {
    const n = pad(i + 1);
    if (item.kind === 'file' && item.storageKey) {
      const path = `items/${uniqueName(inItems, `${n} ${item.fileName ? safeFileName(item.fileName) : titleName(item.title)}`)}`;
      entries.push({ name: path, storageKey: item.storageKey, size: item.size ?? 0 });
      lines.push({ title: item.title, kind: 'file', path });
      return;
    }
    const htmlName = uniqueName(inItems, `${titleName(`${n} ${item.title}`)}.html`);
    const path = `items/${htmlName}`;
    if (item.kind === 'reflection') {
      entries.push({
        name: path,
        text: page(item.title, `<h1>${esc(item.title)}</h1>\n${item.caption ? `<p>${esc(item.caption)}</p>\n` : ''}${item.bodyHtml ?? ''}`),
      });
      lines.push({ title: item.title, kind: 'reflection', path });
    } else if (item.kind === 'link') {
      const url = item.url ?? '';
      entries.push({
        name: path,
        text: page(item.title, `<h1>${esc(item.title)}</h1>\n<p><a href="${esc(url)}" rel="noopener noreferrer">${esc(url)}</a></p>`),
      });
      lines.push({ title: item.title, kind: 'link', path, url });
    } else {
      const own = ctx.workFiles.filter((f) => f.submissionId === item.submissionId);
      const dir = own.length > 0 ? uniqueName(inItems, titleName(`${n} ${item.title} files`)) : null;
      const names = new Set<string>();
      const files = own.map((f) => ({ name: f.fileName, path: `${dir}/${uniqueName(names, safeFileName(f.fileName))}`, key: f.storageKey, size: f.size }));
      // The work page sits in items/, so its links are relative to it (no "items/" prefix).
      entries.push({ name: path, text: workPage(item, ctx, dir, files) });
      for (const f of files) entries.push({ name: `items/${f.path}`, storageKey: f.key, size: f.size });
      lines.push({ title: item.title, kind: 'work', path });
    }
  });
  entries.unshift({ name: 'index.html', text: indexPage(p, owner, cover, lines) });
  return { fileName: `${titleName(p.title)}.zip`, entries, totalBytes: totalBytesOf(items, ctx) };
};

/** What the streaming needs of a ZIP writer (archiver's ZipArchive). */
export interface ZipWriter extends NodeJS.EventEmitter {
  append(source: Readable | string, data: { name: string; store?: boolean }): unknown;
  finalize(): Promise<void>;
}

/** Counts bytes going through, telling `progress` every `step` bytes and at the end. */
const counter = (progress: (bytes: number) => void, step: number): Transform => {
  let seen = 0;
  let told = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen - told >= step) {
        told = seen;
        progress(seen);
      }
      done(null, chunk);
    },
    flush(done) {
      progress(seen);
      done();
    },
  });
};

/**
 * Feeds the entries to the writer one at a time (a stored file is opened only once the previous
 * entry is written). Files are stored as they are (mostly compressed already); pages deflated.
 * `onBytes` hears the stored bytes written so far. Objects missing from storage are left out.
 */
export const writeExport = async (storage: FileStorage, zip: ZipWriter, entries: readonly ExportEntry[], onBytes?: (bytes: number) => void): Promise<void> => {
  let before = 0;
  for (const e of entries) {
    const written = once(zip, 'entry');
    if ('text' in e) {
      zip.append(e.text, { name: e.name });
    } else {
      const stored = await storage.getStream(e.storageKey);
      if (!stored) continue;
      const base = before;
      // pipeline: a failing source fails the counted stream too, and with it the archive.
      const source = onBytes
        ? pipeline(
            stored.stream,
            counter((n) => onBytes(base + n), 8 * 1024 * 1024),
            () => undefined,
          )
        : stored.stream;
      zip.append(source, { name: e.name, store: true });
      before += stored.size;
    }
    await written;
  }
  await zip.finalize();
};
