import type { FieldIssue } from '@klase/core/errors';
import { servedOffline } from '../lib/offline-rules.ts';

/**
 * The SPA's one HTTP client. JSON by default, same-origin cookies, a CSRF header on writes and
 * `x-requested-with: klase` on every call. Error bodies `{ code, message, fields?, retryAfterSeconds? }`
 * become a thrown `ApiError`; a failed network becomes `ApiError('NETWORK')` and flips the online flag.
 * The server's state as the answers show it (`onServerStatus`): reachable, unreachable, or
 * reachable but unavailable (503: its database is away for a moment).
 */
export const API_BASE = '/api';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields?: FieldIssue[];
  readonly retryAfterSeconds?: number;
  /** Values of the message's placeholders (`{{max}}`), as the server sent them. */
  readonly params?: Record<string, string | number>;
  constructor(code: string, status: number, message: string, fields?: FieldIssue[], retryAfterSeconds?: number, params?: Record<string, string | number>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
    this.params = params;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

let csrfToken: string | null = null;
/** Sets the token sent as `x-csrf-token` on POST, PUT, PATCH and DELETE. */
export const setCsrfToken = (token: string | null) => {
  csrfToken = token;
};

type Listener<T> = (value: T) => void;
const networkListeners = new Set<Listener<boolean>>();
const sessionListeners = new Set<Listener<void>>();
let online = true;

/** Subscribes to online (true) / offline (false) changes; returns the unsubscribe function. */
export const onNetworkStatus = (cb: Listener<boolean>) => {
  networkListeners.add(cb);
  return () => {
    networkListeners.delete(cb);
  };
};
/** Subscribes to "the server says the session expired" (401 SESSION_EXPIRED). */
export const onSessionExpired = (cb: Listener<void>) => {
  sessionListeners.add(cb);
  return () => {
    sessionListeners.delete(cb);
  };
};
export const isOnline = () => online;

const setOnline = (value: boolean) => {
  if (online === value) return;
  online = value;
  for (const cb of networkListeners) cb(value);
};

/** `offline`: no answer; `unavailable`: the server answered 503 (its database is away); `online`: any other answer. */
export type ServerStatus = 'online' | 'offline' | 'unavailable';
const serverListeners = new Set<Listener<ServerStatus>>();
let serverStatus: ServerStatus = 'online';

/** Subscribes to changes of the server's status; returns the unsubscribe function. */
export const onServerStatus = (cb: Listener<ServerStatus>) => {
  serverListeners.add(cb);
  return () => {
    serverListeners.delete(cb);
  };
};

/** Records what an answer (its HTTP status), or the lack of one (null), says about the server. */
const sawServer = (status: number | null) => {
  setOnline(status !== null);
  const next: ServerStatus = status === null ? 'offline' : status === 503 ? 'unavailable' : 'online';
  if (serverStatus === next) return;
  serverStatus = next;
  for (const cb of serverListeners) cb(next);
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Builds the request URL: paths under `/api` (or absolute URLs) are kept, others are prefixed. */
export const apiUrl = (path: string) =>
  /^https?:\/\//.test(path) || path === API_BASE || path.startsWith(`${API_BASE}/`) || path.startsWith(`${API_BASE}?`)
    ? path
    : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;

export const buildHeaders = (method: string, extra?: HeadersInit): Headers => {
  const h = new Headers(extra);
  h.set('x-requested-with', 'klase');
  if (WRITE_METHODS.has(method.toUpperCase()) && csrfToken) h.set('x-csrf-token', csrfToken);
  return h;
};

interface ErrorBodyLike {
  code?: unknown;
  message?: unknown;
  fields?: unknown;
  retryAfterSeconds?: unknown;
  params?: unknown;
}

const fallbackCode = (status: number) =>
  status === 401
    ? 'UNAUTHENTICATED'
    : status === 403
      ? 'FORBIDDEN'
      : status === 404
        ? 'NOT_FOUND'
        : status === 429
          ? 'RATE_LIMITED'
          : status >= 500
            ? 'INTERNAL'
            : 'BAD_REQUEST';

/** Turns a failed answer (status + raw text) into an ApiError and notifies session expiry. */
export const toApiError = (status: number, text: string): ApiError => {
  let body: ErrorBodyLike = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') body = parsed as ErrorBodyLike;
  } catch {
    body = {};
  }
  const code = typeof body.code === 'string' ? body.code : fallbackCode(status);
  const message = typeof body.message === 'string' ? body.message : code;
  const fields = Array.isArray(body.fields) ? (body.fields as FieldIssue[]) : undefined;
  const retry = typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : undefined;
  const params = body.params && typeof body.params === 'object' ? (body.params as Record<string, string | number>) : undefined;
  const error = new ApiError(code, status, message, fields, retry, params);
  if (status === 401 && code === 'SESSION_EXPIRED') for (const cb of sessionListeners) cb();
  return error;
};

const parseBody = (text: string): unknown => {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** A plain value is sent as JSON; FormData, Blob, URLSearchParams and strings go as they are. */
  body?: unknown;
}

const isRawBody = (b: unknown): b is BodyInit =>
  typeof b === 'string' || b instanceof FormData || b instanceof Blob || b instanceof URLSearchParams || b instanceof ArrayBuffer;

/** Calls the API and returns the parsed JSON answer, or throws an ApiError. */
export const apiFetch = async <T>(path: string, init: ApiInit = {}): Promise<T> => {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = buildHeaders(method, init.headers);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  let body: BodyInit | undefined;
  if (init.body !== undefined) {
    if (isRawBody(init.body)) body = init.body;
    else {
      body = JSON.stringify(init.body);
      headers.set('content-type', 'application/json');
    }
  }
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { ...init, method, headers, body, credentials: 'same-origin' });
  } catch (e) {
    if (e instanceof Error && e.name === 'AbortError') throw e;
    sawServer(null);
    throw new ApiError('NETWORK', 0, 'No internet connection');
  }
  // An answer the service worker kept for offline reading still means the server is out of reach.
  sawServer(servedOffline(res.headers) ? null : res.status);
  const text = await res.text();
  if (!res.ok) throw toApiError(res.status, text);
  return parseBody(text) as T;
};

/** Uploads form data (or a file as the whole body, sent with its blob's type) with XMLHttpRequest so the caller sees progress (0..100). */
export const uploadWithProgress = <T>(
  path: string,
  formData: FormData | Blob,
  onProgress: (percent: number) => void,
  method: 'POST' | 'PUT' = 'POST',
): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, apiUrl(path));
    xhr.withCredentials = false;
    buildHeaders(method, { accept: 'application/json' }).forEach((value, key) => xhr.setRequestHeader(key, value));
    xhr.upload.onprogress = (ev: ProgressEvent) => {
      if (ev.lengthComputable && ev.total > 0) onProgress(Math.round((ev.loaded / ev.total) * 100));
    };
    xhr.onload = () => {
      sawServer(xhr.status);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(parseBody(xhr.responseText) as T);
      } else reject(toApiError(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => {
      sawServer(null);
      reject(new ApiError('NETWORK', 0, 'No internet connection'));
    };
    xhr.send(formData);
  });
