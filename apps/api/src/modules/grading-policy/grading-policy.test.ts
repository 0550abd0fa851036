import { beforeAll, describe, expect, it } from 'vitest';
import { DEPED_PATH, type GradingPolicyFormInput, type GradingPolicyView } from '@klase/core/deped/contracts';
import { defaultPolicy } from '@klase/core/deped/defaults';
import { ROLE } from '@klase/core/roles';
import { signIn, type Agent } from '../../test/agent.ts';
import { useClassWorld } from '../../test/class-world.ts';
import { buildUser, uniq } from '../../test/factories.ts';

const fieldsOf = (body: { fields?: { path: string; key: string }[] }) => (body.fields ?? []).map((f) => `${f.path}:${f.key}`);

describe('the school grading policy', () => {
  const ctx = useClassWorld();
  let admin: Agent;
  let teacher: Agent;
  let assistant: Agent;
  let student: Agent;
  let adminB: Agent;

  beforeAll(async () => {
    const { t, w } = ctx;
    admin = await signIn(t.app, w.admin.username);
    teacher = await signIn(t.app, w.teacher.username);
    assistant = await signIn(t.app, w.assistant.username);
    student = await signIn(t.app, w.s1.username);
    const b = await buildUser(t.db, { roleId: ROLE.schoolAdmin, schoolId: w.schoolB.id, firstName: 'Nena', lastName: 'Ramos', username: uniq('nena') });
    adminB = await signIn(t.app, b.username);
  });

  const read = async (agent: Agent): Promise<GradingPolicyView> => {
    const res = await agent.req('GET', DEPED_PATH);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<GradingPolicyView>();
  };

  const depedForm = (over: Partial<GradingPolicyFormInput> = {}): GradingPolicyFormInput & { version?: number } => ({
    ...defaultPolicy(2025),
    kind: 'deped',
    ...over,
  });

  it('reads DepEd’s defaults on the custom policy until the administrator saves one; staff read, only the administrator may edit', async () => {
    const v = await read(teacher);
    expect(v).toMatchObject({ kind: 'custom', editVersion: 0, canEdit: false, presets: { languages: { ww: 30, pt: 50, qa: 20 } } });
    expect(v.quarters).toHaveLength(4);
    expect(v.transmutation[0]).toEqual({ min: 100, grade: 100 });
    expect((await read(assistant)).canEdit).toBe(false);
    expect((await read(admin)).canEdit).toBe(true);
    expect((await student.req('GET', DEPED_PATH)).statusCode).toBe(403);
  });

  it('refuses a teacher’s save (403) and keeps schools apart', async () => {
    const res = await teacher.req('PUT', DEPED_PATH, depedForm());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const saved = await admin.req('PUT', DEPED_PATH, { ...depedForm(), version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<GradingPolicyView>()).toMatchObject({ kind: 'deped', editVersion: 1, canEdit: true });
    expect((await read(teacher)).kind).toBe('deped');
    // Another school's administrator reads their own school's (unset) policy, never this one.
    expect(await read(adminB)).toMatchObject({ kind: 'custom', editVersion: 0 });
  });

  it('answers field errors for overlapping or unordered quarters, weights not adding up and a bad table', async () => {
    const q = defaultPolicy(2025).quarters;
    const overlap = await admin.req('PUT', DEPED_PATH, depedForm({ quarters: [q[0]!, { ...q[1]!, startsOn: q[0]!.endsOn }, q[2]!, q[3]!] }));
    expect(overlap.statusCode).toBe(400);
    expect(fieldsOf(overlap.json())).toEqual(['quarters.1.startsOn:periodOverlap']);
    const order = await admin.req('PUT', DEPED_PATH, depedForm({ quarters: [q[1]!, q[0]!, q[2]!, q[3]!] }));
    expect(order.statusCode).toBe(400);
    expect(fieldsOf(order.json())).toEqual(['quarters.0.quarter:invalidChoice']);
    const weights = await admin.req('PUT', DEPED_PATH, depedForm({ presets: { ...defaultPolicy(2025).presets, languages: { ww: 30, pt: 50, qa: 30 } } }));
    expect(weights.statusCode).toBe(400);
    expect(fieldsOf(weights.json())).toEqual(['presets.languages.qa:weightsSum']);
    const table = await admin.req(
      'PUT',
      DEPED_PATH,
      depedForm({
        transmutation: [
          { min: 50, grade: 80 },
          { min: 60, grade: 70 },
        ],
      }),
    );
    expect(table.statusCode).toBe(400);
    expect(fieldsOf(table.json())).toContain('transmutation.1.min:transmutationOrder');
    const ends = await admin.req('PUT', DEPED_PATH, depedForm({ quarters: [{ ...q[0]!, endsOn: '2025-06-01' }, q[1]!, q[2]!, q[3]!] }));
    expect(fieldsOf(ends.json())).toEqual(['quarters.0.endsOn:afterOpen']);
  });

  it('answers EDIT_CONFLICT to a save from an old version, and saves with overwrite', async () => {
    const now = await read(admin);
    const first = await admin.req('PUT', DEPED_PATH, { ...depedForm(), version: now.editVersion });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await admin.req('PUT', DEPED_PATH, { ...depedForm({ kind: 'custom' }), version: now.editVersion });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'EDIT_CONFLICT', params: { version: now.editVersion + 1, name: 'Liza Mendoza' } });
    const forced = await admin.req('PUT', DEPED_PATH, { ...depedForm({ kind: 'custom' }), version: now.editVersion, overwrite: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json<GradingPolicyView>()).toMatchObject({ kind: 'custom', editVersion: now.editVersion + 2 });
  });
});
