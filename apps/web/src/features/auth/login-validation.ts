import type { LoginRequest } from '@klase/core/auth/contracts';

export type LoginIssues = Partial<Record<keyof LoginRequest, { key: 'required' | 'maxLength'; params?: Record<string, number> }>>;

export const USERNAME_MAX = 254;
export const PASSWORD_INPUT_MAX = 128;

/**
 * The browser-side rules of core's `loginRequest` (required, at most 254 / 128 characters), with
 * the same `validation` keys, written without zod so the login route stays small;
 * login-validation.test.ts checks that both agree on the same inputs.
 */
export const validateLogin = (v: LoginRequest): LoginIssues => {
  const issues: LoginIssues = {};
  const username = v.username.trim();
  if (username === '') issues.username = { key: 'required' };
  else if (username.length > USERNAME_MAX) issues.username = { key: 'maxLength', params: { count: USERNAME_MAX } };
  if (v.password === '') issues.password = { key: 'required' };
  else if (v.password.length > PASSWORD_INPUT_MAX) issues.password = { key: 'maxLength', params: { count: PASSWORD_INPUT_MAX } };
  return issues;
};
