import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, onNetworkStatus, onSessionExpired, setCsrfToken, uploadWithProgress } from './http.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiFetch', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    setCsrfToken('tok-1');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
  });

  const lastCall = () => {
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    return { url: String(url), init: init!, headers: new Headers(init!.headers) };
  };

  it('GETs JSON with same-origin credentials, the klase header and no CSRF header', async () => {
    fetchMock.mockResolvedValue(json({ a: 1 }));
    await expect(apiFetch<{ a: number }>('/classes?x=1')).resolves.toEqual({ a: 1 });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/classes?x=1');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headers.get('x-requested-with')).toBe('klase');
    expect(headers.get('x-csrf-token')).toBeNull();
  });

  it('keeps paths already under /api', async () => {
    fetchMock.mockResolvedValue(json({}));
    await apiFetch('/api/me');
    expect(lastCall().url).toBe('/api/me');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s sends JSON and the CSRF token', async (method) => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiFetch('/x', { method, body: { name: 'A' } })).resolves.toBeUndefined();
    const { init, headers } = lastCall();
    expect(headers.get('x-csrf-token')).toBe('tok-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"name":"A"}');
  });

  it('sends FormData as it is, without a JSON content type', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    const fd = new FormData();
    fd.append('a', '1');
    await apiFetch('/x', { method: 'POST', body: fd });
    const { init, headers } = lastCall();
    expect(init.body).toBe(fd);
    expect(headers.get('content-type')).toBeNull();
  });

  it('parses an error body into an ApiError', async () => {
    fetchMock.mockResolvedValue(json({ code: 'VALIDATION', message: 'Bad', fields: [{ path: 'name', key: 'required' }], retryAfterSeconds: 3 }, 400));
    const err = await apiFetch('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'VALIDATION', status: 400, message: 'Bad', retryAfterSeconds: 3 });
    expect((err as ApiError).fields).toEqual([{ path: 'name', key: 'required' }]);
  });

  it('falls back to a code from the status when the body is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('boom', { status: 502 }));
    await expect(apiFetch('/x')).rejects.toMatchObject({ code: 'INTERNAL', status: 502 });
  });

  it('notifies session-expired subscribers on 401 SESSION_EXPIRED only', async () => {
    const cb = vi.fn();
    const off = onSessionExpired(cb);
    fetchMock.mockResolvedValueOnce(json({ code: 'INVALID_CREDENTIALS', message: 'x' }, 401));
    await expect(apiFetch('/x')).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(cb).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json({ code: 'SESSION_EXPIRED', message: 'x' }, 401));
    await expect(apiFetch('/x')).rejects.toMatchObject({ code: 'SESSION_EXPIRED', status: 401 });
    expect(cb).toHaveBeenCalledTimes(1);
    off();
  });

  it('turns a network failure into NETWORK and flips the online flag back on success', async () => {
    const cb = vi.fn();
    const off = onNetworkStatus(cb);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/x')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
    expect(cb).toHaveBeenLastCalledWith(false);
    fetchMock.mockResolvedValueOnce(json({}));
    await apiFetch('/x');
    expect(cb).toHaveBeenLastCalledWith(true);
    expect(cb).toHaveBeenCalledTimes(2);
    off();
  });

  it('rethrows an abort without marking the app offline', async () => {
    const cb = vi.fn();
    const off = onNetworkStatus(cb);
    const abort = new Error('aborted');
    abort.name = 'AbortError';
    fetchMock.mockRejectedValueOnce(abort);
    await expect(apiFetch('/x')).rejects.toBe(abort);
    expect(cb).not.toHaveBeenCalled();
    off();
  });
});

class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: unknown = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.sent = body;
  }
}

describe('uploadWithProgress', () => {
  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    setCsrfToken('tok-2');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCsrfToken(null);
  });

  it('reports progress, sends the headers and resolves the JSON answer', async () => {
    const progress = vi.fn();
    const fd = new FormData();
    const p = uploadWithProgress<{ id: number }>('/photos', fd, progress);
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/photos');
    expect(xhr.headers['x-csrf-token']).toBe('tok-2');
    expect(xhr.headers['x-requested-with']).toBe('klase');
    expect(xhr.sent).toBe(fd);
    xhr.upload.onprogress!({ lengthComputable: true, loaded: 50, total: 200 } as ProgressEvent);
    expect(progress).toHaveBeenLastCalledWith(25);
    xhr.status = 201;
    xhr.responseText = '{"id":7}';
    xhr.onload!();
    await expect(p).resolves.toEqual({ id: 7 });
    expect(progress).toHaveBeenLastCalledWith(100);
  });

  it('rejects with the parsed ApiError, or NETWORK on a network failure', async () => {
    const p1 = uploadWithProgress('/photos', new FormData(), () => {});
    const x1 = FakeXhr.last!;
    x1.status = 413;
    x1.responseText = '{"code":"FILE_TOO_LARGE","message":"too big"}';
    x1.onload!();
    await expect(p1).rejects.toMatchObject({ code: 'FILE_TOO_LARGE', status: 413 });
    const p2 = uploadWithProgress('/photos', new FormData(), () => {});
    FakeXhr.last!.onerror!();
    await expect(p2).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
