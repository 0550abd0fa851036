import { BULK_LEARNER_COLUMNS, BULK_ROLE_NAMES } from '@klase/core/admin/bulk';
import { createUserRequest, type CreateUserValues } from '@klase/core/admin/users';
import { learnerFields, type Sex } from '@klase/core/deped/contracts';
import { ROLE } from '@klase/core/roles';
import { toFieldIssues } from '@klase/core/validation/issues';
import { V } from '@klase/core/validation/rules';
import { linkFor } from '../../../kernel/account-mail.ts';
import type { Ctx, Db } from '../../../platform/context.ts';
import { randomToken, sha256 } from '../../../platform/crypto.ts';
import { renderMail } from '../../../platform/mail-templates.ts';
import { TOKEN_TTL_SECONDS } from '../../../platform/tokens.ts';
import { personValues } from '../users/admin-users.service.ts';
import { insertProfiles, lrnsTaken } from '../../learners/learners.service.ts';
import { COLUMNS_KEY, ROW_KEY } from './bulk-parse.ts';
import { insertTokens, insertUsers, linkParents, schoolUsersNamed, takenIdentities, type BulkInputRow, type StoredRowIssue } from './bulk.repo.ts';

/**
 * Validates and creates one batch of uploaded rows inside the caller's transaction. Every row goes
 * through `createUserRequest`, the single form's schema; usernames and emails that exist (in the
 * database or earlier in the file) are rejected, so a file uploaded twice creates nothing twice.
 * The preview runs the same code with `dryRun`: every check, no write; `FileMemory` carries what
 * earlier batches of the file would have created. A student row's learner fields (LRN, sex, birth
 * date) go through `learnerFields`, the learner route's schema, and are written with the user in
 * the batch's transaction; an LRN held by a learner of the school or by an earlier row is `lrnTaken`.
 */

export interface BatchTarget {
  schoolId: string;
  customerId: string;
  actorId: string | null;
}

/** Form paths back to the template's column names. */
const COLUMN_OF: Record<string, string> = { roleId: 'role' };

const roleOf = (text: string | undefined): number | undefined => {
  const t = (text ?? '').trim().toLowerCase();
  if (t === '') return undefined;
  if (/^\d+$/.test(t)) return Number(t);
  return BULK_ROLE_NAMES[t.replace(/[_-]+/g, ' ')] ?? 0;
};

const namesOf = (s: string | undefined): string[] => [
  ...new Set(
    (s ?? '')
      .split(/[;,]/)
      .map((x) => x.trim().toLowerCase())
      .filter((x) => x !== ''),
  ),
];

/** What earlier batches of the same file took (usernames, emails, LRNs) or will create (parents). */
export interface FileMemory {
  usernames: Set<string>;
  emails: Set<string>;
  parents: Set<string>;
  lrns: Set<string>;
}

export const newFileMemory = (): FileMemory => ({ usernames: new Set(), emails: new Set(), parents: new Set(), lrns: new Set() });

interface Learner {
  lrn: string | null;
  sex: Sex | null;
  birthDate: string | null;
}

interface Candidate {
  row: number;
  values: CreateUserValues;
  parents: string[];
  /** A student's learner fields; null when the row leaves the three columns empty. */
  learner: Learner | null;
}

type RowIssue = Omit<StoredRowIssue, 'row'>;

/** Zod issues as row issues, one per column (the first). */
const columnIssues = (issues: Parameters<typeof toFieldIssues>[0]): RowIssue[] => {
  const out: RowIssue[] = [];
  const seen = new Set<string>();
  for (const issue of toFieldIssues(issues)) {
    const field = COLUMN_OF[issue.path] ?? (issue.path || 'row');
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, key: issue.key, ...(issue.params ? { params: issue.params } : {}) });
  }
  return out;
};

const orNull = (s: string | undefined): string | null => (s === undefined || s === '' ? null : s);

/**
 * The learner columns of a row whose role is valid: on a student, `learnerFields` (the sex in
 * lower case, so `Male` passes as the export's `male`); on any other role a value is refused.
 */
const learnerOf = (r: BulkInputRow, roleId: number): { learner: Learner | null; issues: RowIssue[] } => {
  const filled = BULK_LEARNER_COLUMNS.filter((c) => (r[c] ?? '') !== '');
  if (filled.length === 0) return { learner: null, issues: [] };
  if (roleId !== ROLE.student) return { learner: null, issues: filled.map((field) => ({ field, key: V.studentsOnly })) };
  const parsed = learnerFields.safeParse({ lrn: r.lrn ?? '', sex: orNull(r.sex?.toLowerCase()), birthDate: orNull(r.birthDate) });
  return parsed.success ? { learner: parsed.data, issues: [] } : { learner: null, issues: columnIssues(parsed.error.issues) };
};

const validate = (input: readonly BulkInputRow[], rejected: StoredRowIssue[]): Candidate[] => {
  const out: Candidate[] = [];
  for (const r of input) {
    const row = Number(r[ROW_KEY]);
    if (r[COLUMNS_KEY]) {
      rejected.push({ row, field: 'row', key: 'importColumns' });
      continue;
    }
    const roleId = roleOf(r.role);
    const parsed = createUserRequest.safeParse({
      roleId,
      username: r.username ?? '',
      email: r.email ?? '',
      salutation: r.salutation ?? '',
      firstName: r.firstName ?? '',
      middleName: r.middleName ?? '',
      lastName: r.lastName ?? '',
      suffix: r.suffix ?? '',
      employeeNumber: r.employeeNumber ?? '',
      gradeLevel: r.gradeLevel ?? '',
      section: r.section ?? '',
    });
    const issues = parsed.success ? [] : columnIssues(parsed.error.issues);
    // An unknown role is the row's fault already: the learner columns are judged against a valid role only.
    const learner = issues.some((i) => i.field === 'role') || roleId === undefined ? { learner: null, issues: [] } : learnerOf(r, roleId);
    issues.push(...learner.issues);
    if (!parsed.success || issues.length > 0) {
      for (const issue of issues) rejected.push({ row, ...issue });
      continue;
    }
    out.push({
      row,
      values: parsed.data,
      parents: parsed.data.roleId === ROLE.student ? namesOf(r.parentUsernames) : [],
      learner: learner.learner,
    });
  }
  return out;
};

/** Drops rows whose username or email is taken, in the database or by an earlier row of this import. */
const rejectTakenIdentities = async (tx: Db, candidates: Candidate[], memory: FileMemory, rejected: StoredRowIssue[]) => {
  const usernames = candidates.map((c) => c.values.username);
  const emails = candidates.map((c) => c.values.email).filter((e) => e !== '');
  const existing = candidates.length ? await takenIdentities(tx, usernames, emails) : [];
  const takenNames = memory.usernames;
  const takenEmails = memory.emails;
  for (const e of existing) {
    takenNames.add(e.username);
    if (e.email !== null) takenEmails.add(e.email);
  }
  return candidates.filter((c) => {
    if (takenNames.has(c.values.username)) {
      rejected.push({ row: c.row, field: 'username', key: 'USERNAME_EXISTS' });
      return false;
    }
    if (c.values.email !== '' && takenEmails.has(c.values.email)) {
      rejected.push({ row: c.row, field: 'email', key: 'USER_EXISTS' });
      return false;
    }
    takenNames.add(c.values.username);
    if (c.values.email !== '') takenEmails.add(c.values.email);
    return true;
  });
};

/** Parents named by students: existing parents of the school, or parents created in this import. Rows naming another are dropped. */
const rejectUnknownParents = async (tx: Db, schoolId: string, candidates: Candidate[], memory: FileMemory, rejected: StoredRowIssue[]) => {
  const wanted = [...new Set(candidates.flatMap((c) => c.parents))];
  const known = new Map<string, string>();
  if (wanted.length) {
    const rows = await schoolUsersNamed(tx, schoolId, ROLE.parent, wanted);
    for (const r of rows) known.set(r.username, r.id);
  }
  const batchParents = memory.parents;
  for (const c of candidates) if (c.values.roleId === ROLE.parent) batchParents.add(c.values.username);
  const kept = candidates.filter((c) => {
    const missing = c.parents.find((p) => !known.has(p) && !batchParents.has(p));
    if (missing) rejected.push({ row: c.row, field: 'parentUsernames', key: 'parentNotFound', params: { username: missing } });
    return !missing;
  });
  return { kept, known, batchParents };
};

/** Drops student rows whose LRN a learner of the school holds, or an earlier row of this import took. */
const rejectTakenLrns = async (tx: Db, schoolId: string, candidates: Candidate[], memory: FileMemory, rejected: StoredRowIssue[]) => {
  const lrns = candidates.flatMap((c) => (c.learner?.lrn ? [c.learner.lrn] : []));
  const taken = memory.lrns;
  for (const lrn of await lrnsTaken(tx, schoolId, [...new Set(lrns)])) taken.add(lrn);
  return candidates.filter((c) => {
    const lrn = c.learner?.lrn;
    if (!lrn) return true;
    if (taken.has(lrn)) {
      rejected.push({ row: c.row, field: 'lrn', key: V.lrnTaken });
      return false;
    }
    taken.add(lrn);
    return true;
  });
};

/** Activation links and mails, in the same transaction (the transactional outbox). */
const sendActivations = async (ctx: Ctx, tx: Db, schoolId: string, created: Awaited<ReturnType<typeof insertUsers>>) => {
  const withEmail = created.filter((u): u is typeof u & { email: string } => u.email !== null);
  if (!withEmail.length) return;
  const expiresAt = new Date(Date.now() + TOKEN_TTL_SECONDS.activation * 1000);
  const tokens = withEmail.map((u) => ({ user: u, token: randomToken() }));
  await insertTokens(
    tx,
    tokens.map((t) => ({ userId: t.user.id, purpose: 'activation' as const, tokenHash: sha256(t.token), expiresAt })),
  );
  await ctx.mailer.enqueueMany(
    tx,
    tokens.map((t) => ({
      schoolId,
      to: t.user.email,
      ...renderMail('activation', 'en-us', { name: t.user.firstName, username: t.user.username, link: linkFor(ctx.config.appUrl, 'activation', t.token) }),
    })),
  );
};

export const importBatch = async (
  ctx: Ctx,
  tx: Db,
  target: BatchTarget,
  input: readonly BulkInputRow[],
  opts: { dryRun: boolean; memory: FileMemory } = { dryRun: false, memory: newFileMemory() },
): Promise<{ created: number; rejected: StoredRowIssue[] }> => {
  const { memory } = opts;
  const rejected: StoredRowIssue[] = [];
  const free = await rejectTakenIdentities(tx, validate(input, rejected), memory, rejected);
  const { kept, known, batchParents } = await rejectUnknownParents(tx, target.schoolId, free, memory, rejected);
  const candidates = await rejectTakenLrns(tx, target.schoolId, kept, memory, rejected);
  if (candidates.length === 0 || opts.dryRun) return { created: candidates.length, rejected };

  const created = await insertUsers(
    tx,
    candidates.map((c) => ({
      ...personValues(c.values),
      roleId: c.values.roleId,
      schoolId: target.schoolId,
      customerId: target.customerId,
      active: false,
      createdBy: target.actorId,
      updatedBy: target.actorId,
    })),
  );
  const idOf = new Map(created.map((u) => [u.username, u.id]));
  for (const [name, id] of idOf) if (batchParents.has(name)) known.set(name, id);

  const links = candidates.flatMap((c) =>
    c.parents.map((p) => ({ parentId: known.get(p) ?? '', studentId: idOf.get(c.values.username) ?? '', schoolId: target.schoolId })),
  );
  if (links.length) await linkParents(tx, links);
  await insertProfiles(
    tx,
    candidates.flatMap((c) => (c.learner ? [{ userId: idOf.get(c.values.username) ?? '', schoolId: target.schoolId, ...c.learner }] : [])),
  );
  await sendActivations(ctx, tx, target.schoolId, created);
  return { created: created.length, rejected };
};
