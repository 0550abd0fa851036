import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images, fonts in woff2 and archives are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
/** Every text file gets its copies (kept only when smaller), so nothing is sent uncompressed. */
const MIN_BYTES = 0;

const filesUnder = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => !e.name.startsWith('.'))
      .map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))),
  );
  return nested.flat();
};

/** Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside one file, when smaller. */
export const precompressFile = async (file: string): Promise<void> => {
  const raw = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: 9 }),
  ]);
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
};

/** Every compressible file of the build, in place (the server sends them with `preCompressed`). */
export const precompressDir = async (dir: string): Promise<void> => {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  const sizes = await Promise.all(files.map(async (f) => ({ f, size: (await stat(f)).size })));
  await Promise.all(sizes.filter((s) => s.size >= MIN_BYTES).map((s) => precompressFile(s.f)));
};

/**
 * Vite plugin: after the bundle (and any plugin that writes files at the end, such as a service
 * worker generator) is on disk, writes brotli and gzip copies of the text files of `outDir`.
 */
export const precompress = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'klase-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler: () => precompressDir(outDir),
    },
  };
};
