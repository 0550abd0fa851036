import { describe, expect, it } from 'vitest';
import { loginRequest } from '@klase/core/auth/contracts';
import { issuesOf } from '../../lib/zod-form.ts';
import { validateLogin } from './login-validation.ts';

const cases = [
  { username: '', password: '' },
  { username: '   ', password: 'x' },
  { username: 'maria', password: '' },
  { username: 'maria', password: 'secret' },
  { username: 'maria@example.ph', password: 'S3cret!' },
  { username: 'a'.repeat(255), password: 'x' },
  { username: 'maria', password: 'p'.repeat(129) },
  { username: 'a'.repeat(254), password: 'p'.repeat(128) },
];

describe('login form validation', () => {
  it.each(cases)('agrees with core loginRequest for %#', (values) => {
    const fromZod = Object.fromEntries(Object.entries(issuesOf(loginRequest, values)).map(([k, v]) => [k, v.key]));
    const local = Object.fromEntries(Object.entries(validateLogin(values)).map(([k, v]) => [k, v?.key]));
    expect(local).toEqual(fromZod);
  });
});
