import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RoleId } from '@klase/core/roles';
import { signIn, type Agent } from './test/agent.ts';
import { buildCustomer, buildSchool, buildUser, uniq } from './test/factories.ts';
import { createTestApp, type TestApp } from './test/test-app.ts';
import type { Policy } from './platform/types.ts';

/**
 * Walks every route of the OpenAPI document with bad input (wrong types, null and empty bodies,
 * NUL characters, lone surrogates, huge strings, bad path ids) as a user the route lets in and as
 * the platform administrator, and fails on any 5xx answer: the next route cannot regress.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  default?: unknown;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema | string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
type Doc = { paths: Record<string, Partial<Record<string, Operation>>> };

const NUL = 'a\u0000b';
const SURROGATE = 'a\ud800b';
const HUGE = 'x'.repeat(1024 * 1024);
/** Big strings that still fit the body limit together. */
const BIG = 'y'.repeat(64 * 1024);

/** A value of the schema's shape whose strings are `text` (numbers and enums stay valid). */
const sample = (s: JsonSchema | undefined, text: string, depth = 0): unknown => {
  if (!s || depth > 6) return text;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return sample(alt.find((a) => a.type !== 'null') ?? alt[0], text, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, text, depth + 1)]));
    case 'array':
      return [sample(s.items, text, depth + 1)];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return s.format === 'uuid' ? randomUUID() : s.format === 'date-time' ? new Date().toISOString() : text;
    default:
      return text;
  }
};

/** The same shape with every leaf of the wrong type. */
const wrongTypes = (s: JsonSchema | undefined, depth = 0): unknown => {
  if (!s || depth > 6) return { wrong: true };
  const alt = s.anyOf ?? s.oneOf ?? s.allOf;
  if (alt?.length) return wrongTypes(alt[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'object') return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, wrongTypes(v, depth + 1)]));
  if (type === 'array') return { 0: 'not an array' };
  if (type === 'string') return Number.MAX_SAFE_INTEGER * 1024;
  return 'not a number';
};

const pathParams = (op: Operation) => (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
const queryParams = (op: Operation) => (op.parameters ?? []).filter((p) => p.in === 'query' && p.name !== 'type' && p.name !== 'additionalProperties');

const fillPath = (path: string, value: (name: string) => string): string => path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(value(name)));

const BAD_IDS = ['not-a-uuid', '99999999999999999999999999', '-1', '00000000-0000-0000-0000-00000000000g', 'x'.repeat(90), '%00'];
/** Bad values for any query parameter, already encoded. */
const BAD_QUERY = ['a%00b', '%ED%A0%80%E0%A4%A', 'x'.repeat(20_000), '-99999999999999999999999'];
/** The table contract's parameters (their schema is a transform the document cannot show). */
const TABLE_QUERY = ['search', 'page', 'rowsperpage', 'filter[key]', 'filter[values][]'];

/** Multipart bodies cut short, without a boundary, with a broken part header, with bidi names. */
const BOUNDARY = '----klasefuzz';
const part = (name: string, filename: string, data: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n${data}`;
const multipartType = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const BAD_MULTIPART: Omit<InjectOptions, 'method' | 'url'>[] = [
  // Every upload route's field name, so each one reads the cut stream.
  ...['file', 'photo', 'image'].map((field) => ({ payload: part(field, 'a.pdf', '%PDF-1.4 cut'), headers: multipartType })),
  { payload: `--${BOUNDARY}\r\nContent-Disposition: form-da`, headers: multipartType },
  { payload: `--${BOUNDARY}\r\nno header end`, headers: multipartType },
  { payload: `${part('file', 'a.pdf', '%PDF-1.4')}\r\n--${BOUNDARY}--\r\n`, headers: { 'content-type': 'multipart/form-data' } },
  { payload: 'garbage', headers: { 'content-type': 'multipart/form-data; boundary=' } },
  { payload: '', headers: multipartType },
  { payload: `${part('file', 'a\u0000b.pdf', '%PDF-1.4')}\r\n--${BOUNDARY}--\r\n`, headers: multipartType },
];

/** Routes that end the caller's own session are walked as a visitor. */
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

const roleFor = (policy: Policy | undefined): RoleId | 'visitor' => {
  if (!policy || policy.access === 'public' || policy.access === 'visitor') return 'visitor';
  if (policy.access === 'signedIn') return ROLE.teacher;
  return policy.roles[0] ?? ROLE.admin;
};

describe('bad input never answers 5xx', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  const agents = new Map<RoleId, Agent>();

  beforeAll(async () => {
    t = await createTestApp({}, { onRoute: (r) => routes.push(r) });
    const customer = await buildCustomer(t.db);
    const school = await buildSchool(t.db, { customerId: customer.id });
    for (const roleId of Object.values(ROLE)) {
      const platform = roleId === ROLE.admin || roleId === ROLE.rexAdmin;
      const user = await buildUser(t.db, {
        username: uniq('fuzz'),
        roleId,
        schoolId: platform || roleId === ROLE.lsg ? null : school.id,
        customerId: roleId === ROLE.lsg ? customer.id : undefined,
      });
      agents.set(roleId, await signIn(t.app, user.username));
    }
  }, 60_000);
  afterAll(() => t.close());

  it('walks every route of the OpenAPI document', async () => {
    const doc = t.app.swagger() as unknown as Doc;
    const policyOf = new Map(
      routes.flatMap((r) =>
        (Array.isArray(r.method) ? r.method : [r.method]).map((m) => [
          `${m} ${r.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`,
          r.config?.policy as Policy | undefined,
        ]),
      ),
    );
    const failures: string[] = [];
    let requests = 0;

    const send = async (who: Agent | 'visitor', method: string, url: string, opts: Omit<InjectOptions, 'method' | 'url'> = {}) => {
      requests += 1;
      const headers = { 'x-requested-with': 'klase', ...(who === 'visitor' ? {} : { cookie: who.cookie, 'x-csrf-token': who.csrf }), ...(opts.headers ?? {}) };
      let res: LightMyRequestResponse;
      try {
        res = await t.app.inject({ ...opts, method: method as InjectOptions['method'], url, headers });
      } catch (err) {
        failures.push(`${method} ${url}: threw ${String(err)}`);
        return;
      }
      if (res.statusCode >= 500) failures.push(`${method} ${url} ${String(opts.payload ?? '').slice(0, 60)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    };
    const json = (body: unknown) => ({ payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

    const paths = Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/') && !p.startsWith('/api/docs'));
    expect(paths.length).toBeGreaterThan(100);
    for (const [path, ops] of paths) {
      for (const [lower, op] of Object.entries(ops)) {
        if (!op || !['get', 'post', 'put', 'patch', 'delete'].includes(lower)) continue;
        const method = lower.toUpperCase();
        const key = `${method} ${path}`;
        const role = ENDS_SESSION.has(key) ? 'visitor' : roleFor(policyOf.get(key));
        const who: Agent | 'visitor' | undefined = role === 'visitor' ? 'visitor' : agents.get(role);
        if (!who) throw new Error(`no agent for ${key}`);
        const admin = agents.get(ROLE.admin);
        const callers: (Agent | 'visitor')[] = role === 'visitor' || role === ROLE.admin || !admin ? [who] : [who, admin];
        const goodUrl = fillPath(path, () => randomUUID());
        const bodySchema = op.requestBody?.content?.['application/json']?.schema;
        const hasBody = method !== 'GET' && method !== 'DELETE';

        // The first caller gets every case, the platform administrator the body and id cases.
        for (const [index, caller] of callers.entries()) {
          const pending: Promise<void>[] = [];
          const queue = (url: string, opts?: Omit<InjectOptions, 'method' | 'url'>) => pending.push(send(caller, method, url, opts));
          // Bad ids in every path parameter.
          for (const name of pathParams(op)) {
            for (const bad of index === 0 ? BAD_IDS : BAD_IDS.slice(0, 3)) {
              const url = fillPath(path, (n) => (n === name ? bad : randomUUID())).replace('%2500', '%00');
              queue(url, hasBody ? json(sample(bodySchema, 'ok')) : {});
            }
          }
          // Bad values in every query parameter (and the table contract's on every GET).
          const names = new Set([...queryParams(op).map((p) => p.name), ...(method === 'GET' ? TABLE_QUERY : [])]);
          if (index === 0) {
            for (const name of names) for (const bad of BAD_QUERY) queue(`${goodUrl}?${encodeURIComponent(name)}=${bad}`);
            queue(`${goodUrl}?search=a&search=b&page=a&page=2`);
          }
          if (hasBody && index > 0) {
            for (const body of [null, wrongTypes(bodySchema), sample(bodySchema, NUL), sample(bodySchema, SURROGATE)]) queue(goodUrl, json(body));
          }
          if (hasBody && index === 0) {
            // Bodies: none, empty, null, not an object, broken JSON, wrong types, NUL, lone surrogates, huge strings.
            queue(goodUrl);
            for (const raw of ['', 'null', '[]', '"text"', '42', '{"a":', '{"__proto__":{"x":1}}']) {
              queue(goodUrl, { payload: raw, headers: { 'content-type': 'application/json' } });
            }
            queue(goodUrl, { payload: 'a=b', headers: { 'content-type': 'text/plain' } });
            queue(goodUrl, json(wrongTypes(bodySchema)));
            for (const text of [NUL, SURROGATE, '\udfff', BIG, '']) queue(goodUrl, json(sample(bodySchema, text)));
            queue(goodUrl, json({ value: HUGE }));
            // Broken multipart bodies on the upload routes (the ones with a JSON body refuse the type).
            if (!bodySchema) for (const multipart of BAD_MULTIPART) queue(goodUrl, multipart);
          }
          await Promise.all(pending);
        }
      }
    }
    expect(requests).toBeGreaterThan(3000);
    console.info(`bad-input walk: ${requests} requests`);
    expect(failures).toEqual([]);
  }, 600_000);
});
