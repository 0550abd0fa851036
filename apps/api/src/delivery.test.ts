import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarePublicRoutes } from './platform/policy.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

/** Downloads whose bytes are compressed already. */
const PACKED = {
  'archive.zip': 'application/zip',
  'marks.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'lesson.pdf': 'application/pdf',
  'photo.png': 'image/png',
  'photo.webp': 'image/webp',
  'clip.mp4': 'video/mp4',
};

/** An inline script of the built index.html (the sign-in page's preload, apps/web/build/route-preload.ts). */
const INLINE = 'document.documentElement.dataset.early = "1"';

/** Issue 15: what goes over the wire to a phone is compressed, once, and cached the right way. */
describe('compressed delivery', () => {
  let t: TestApp;
  let web: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `salita-${i}`))};\n`;
  const bigJson = { rows: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Mag-aaral ${i}` })) };
  const zipBytes = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 7));
  beforeAll(async () => {
    web = await mkdtemp(path.join(os.tmpdir(), 'klase-web-'));
    await mkdir(path.join(web, 'assets'));
    const index = `<!doctype html><title>Klase</title><script>${INLINE}</script><script type="module" src="/assets/page-abc123.js"></script>`;
    await writeFile(path.join(web, 'index.html'), index);
    await writeFile(path.join(web, 'index.html.br'), brotliCompressSync(index));
    await writeFile(path.join(web, 'sw.js'), 'self.addEventListener("install", () => {});');
    await writeFile(path.join(web, 'icon-192.png'), zipBytes);
    await writeFile(path.join(web, 'manifest.webmanifest'), JSON.stringify({ name: 'Klase' }));
    const file = path.join(web, 'assets', 'page-abc123.js');
    await writeFile(file, script);
    await writeFile(`${file}.br`, brotliCompressSync(script));
    await writeFile(`${file}.gz`, gzipSync(script));
    t = await createTestApp({ webDist: web }, {}, (app) => {
      void app.register(async (scope) => {
        declarePublicRoutes(scope);
        scope.get('/api/test-delivery/big', async () => bigJson);
        scope.get('/api/test-delivery/small', async () => ({ ok: true }));
        for (const [name, type] of Object.entries(PACKED)) {
          scope.get(`/api/test-delivery/${name}`, async (_req, reply) => reply.header('content-type', type).send(zipBytes));
        }
        scope.get('/api/test-delivery/report.csv', async (_req, reply) => reply.header('content-type', 'text/csv').send('a,b\n'.repeat(1000)));
        scope.get('/api/test-delivery/part.csv', async (_req, reply) =>
          reply.code(206).header('content-type', 'text/csv').header('content-range', 'bytes 0-3999/8000').send('a,b\n'.repeat(1000)),
        );
      });
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string, extra: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...extra } });

  it('sends the precompressed brotli or gzip copy of a built file, with Vary and a year of immutable caching', async () => {
    const br = await get('/assets/page-abc123.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    // Only the headers that matter for a script: the document headers stay on the documents.
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    // Nothing to revalidate on a hashed name, and no byte ranges of a script.
    expect(br.headers.etag).toBeUndefined();
    expect(br.headers['last-modified']).toBeUndefined();
    expect(br.headers['accept-ranges']).toBeUndefined();

    const gz = await get('/assets/page-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/page-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('index.html and the service worker are revalidated on every visit', async () => {
    const index = await get('/', 'br');
    expect(index.headers['content-encoding']).toBe('br');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toContain("script-src 'self'");
    const sw = await get('/sw.js', 'br');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/assets/missing-abc.js', 'br')).statusCode).toBe(404);
  });

  it("allows index.html's own inline script by its hash, and no other inline script", async () => {
    const csp = String((await get('/', 'br')).headers['content-security-policy']);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    const hash = createHash('sha256').update(INLINE).digest('base64');
    expect(scriptSrc.split(' ').sort()).toEqual(["'self'", `'sha256-${hash}'`].sort());
    expect(scriptSrc).not.toContain('unsafe-inline');
  });

  it('the install icons and the web app manifest carry no document headers, index.html keeps them', async () => {
    for (const url of ['/icon-192.png', '/manifest.webmanifest']) {
      const file = await get(url, 'br');
      expect(file.statusCode, url).toBe(200);
      expect(file.headers['x-content-type-options'], url).toBe('nosniff');
      expect(file.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(file.headers['content-security-policy'], url).toBeUndefined();
      expect(file.headers['x-frame-options'], url).toBeUndefined();
      expect(file.headers['cache-control'], url).toBe('no-cache');
    }
    const index = await get('/', 'br');
    expect(index.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(index.headers.etag).toBeDefined();
  });

  it('compresses JSON answers of 1 KB or more on the fly, not smaller ones, not for clients that do not ask', async () => {
    const big = await get('/api/test-delivery/big', 'gzip, deflate, br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString())).toEqual(bigJson);
    expect(Number(big.headers['content-length'])).toBe(big.rawPayload.length);

    expect((await get('/api/test-delivery/big', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/test-delivery/big')).headers['content-encoding']).toBeUndefined();
    expect((await get('/api/test-delivery/small', 'br')).headers['content-encoding']).toBeUndefined();
  });

  it('real API answers are compressed too (the OpenAPI document)', async () => {
    const res = await get('/api/docs/json', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('leaves files that are compressed already and partial content alone; text downloads are compressed', async () => {
    for (const name of Object.keys(PACKED)) {
      const res = await get(`/api/test-delivery/${name}`, 'br');
      expect(res.headers['content-encoding'], name).toBeUndefined();
      expect(res.rawPayload.equals(zipBytes), name).toBe(true);
      expect(Number(res.headers['content-length']), name).toBe(zipBytes.length);
    }
    const part = await get('/api/test-delivery/part.csv', 'br', { range: 'bytes=0-3999' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.length).toBe(4000);
    const csv = await get('/api/test-delivery/report.csv', 'br');
    expect(csv.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(csv.rawPayload).toString()).toBe('a,b\n'.repeat(1000));
  });

  it('does not take compressed request bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-requested-with': 'klase', 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'nobody', password: 'x' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
