import { describe, expect, it } from 'vitest';
import { keepShell, shellFiles } from '../../sw/shell-manifest.ts';
import { isBuildAsset, keepsApiGet, OFFLINE_HEADER, servedOffline } from './offline-rules.ts';

describe('offline rules of the service worker', () => {
  it('keeps what a student opens (session, courses, materials and their files) and never probes, docs or exports', () => {
    for (const kept of ['/api/auth/session', '/api/courses/c1', '/api/courses/c1/journey', '/api/materials/m1', '/api/materials/m1/file', '/api/dashboard'])
      expect(keepsApiGet(kept), kept).toBe(true);
    for (const never of [
      '/api/health',
      '/api/auth/status',
      '/api/docs/json',
      '/api/gradebook/c1/export',
      '/api/materials/m1/submissions/zip',
      '/assets/x.js',
      '/',
    ])
      expect(keepsApiGet(never), never).toBe(false);
    expect(isBuildAsset('/assets/index-abc.js')).toBe(true);
    expect(isBuildAsset('/api/assets/1')).toBe(false);
  });

  it('recognises an answer the service worker served from the device', () => {
    expect(servedOffline(new Headers({ [OFFLINE_HEADER]: '1' }))).toBe(true);
    expect(servedOffline(new Headers())).toBe(false);
  });

  it('precaches only the shell: files outside assets/ and the assets index.html loads at once', () => {
    const html = `<script type="module" crossorigin src="/assets/index-A.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/react-B.js"><link rel="stylesheet" crossorigin href="/assets/index-C.css">`;
    expect([...shellFiles(html)].sort()).toEqual(['assets/index-A.js', 'assets/index-C.css', 'assets/react-B.js']);
    const entries = [
      'index.html',
      'manifest.webmanifest',
      'icon-192.png',
      'assets/index-A.js',
      'assets/react-B.js',
      'assets/index-C.css',
      'assets/gradebook-D.js',
    ].map((url) => ({
      url,
      revision: null,
    }));
    expect(keepShell(entries, html).map((e) => e.url)).toEqual([
      'index.html',
      'manifest.webmanifest',
      'icon-192.png',
      'assets/index-A.js',
      'assets/react-B.js',
      'assets/index-C.css',
    ]);
  });
});
