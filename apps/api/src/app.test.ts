import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';

describe('serving the built SPA', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = await mkdtemp(path.join(os.tmpdir(), 'klase-web-'));
    await mkdir(path.join(web, 'assets'));
    await writeFile(path.join(web, 'index.html'), '<!doctype html><title>Klase</title>');
    await writeFile(path.join(web, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await createTestApp({ webDist: web });
  });
  afterAll(async () => {
    await t.close();
    await rm(web, { recursive: true, force: true });
  });

  it('serves index.html at / without caching, hashed assets for a year, with a CSP', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>Klase</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const csp = String(index.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('unknown API paths still answer JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});

describe('config', () => {
  it('parses defaults and resolves paths absolutely', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', appUrl: 'http://127.0.0.1:3000', sessionIdleMinutes: 120, sessionAbsoluteHours: 12 });
    expect(c).toMatchObject({ cookieSecure: false, seedDemo: true, trustProxy: false, mailFrom: 'Klase <no-reply@klase.local>' });
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.dataDir.endsWith(`${path.sep}data`)).toBe(true);
    expect(c.webDist.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    const d = loadConfig({ PORT: '8080', COOKIE_SECURE: 'true', SEED_DEMO: 'false', APP_URL: 'https://klase.example.ph/' });
    expect(d).toMatchObject({ port: 8080, cookieSecure: true, seedDemo: false, appUrl: 'https://klase.example.ph' });
    expect(() => loadConfig({ PORT: 'abc' })).toThrow();
  });
});
