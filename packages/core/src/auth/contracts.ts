import { z } from 'zod';
import { LOCALES, SALUTATIONS, SUFFIXES, THEMES } from '../constants.ts';
import { tourState } from '../reports/contracts.ts';
import { V, emailField, newPasswordField, nameField, optionalNameField, optionalText, safeString } from '../validation/rules.ts';

/** Shared request and response shapes of the auth and account API (`/api/auth`, `/api/account`). */

export const loginRequest = z.object({
  /** Username or email address. */
  username: safeString({ error: V.required }).trim().min(1, { error: V.required }).max(254, { error: V.maxLength }),
  password: safeString({ error: V.required }).min(1, { error: V.required }).max(128, { error: V.maxLength }),
});
export type LoginRequest = z.infer<typeof loginRequest>;

const passwordPair = z.object({
  password: newPasswordField,
  confirmPassword: safeString({ error: V.required }).min(1, { error: V.required }),
});

const matchRefine = <T extends { password: string; confirmPassword: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: V.passwordDoesNotMatch });
  }
};

export const tokenField = safeString({ error: V.required }).trim().min(16, { error: V.required }).max(200, { error: V.maxLength });

/** Set a password with an activation or reset token. */
export const setPasswordRequest = passwordPair.extend({ token: tokenField }).superRefine(matchRefine);
export type SetPasswordRequest = z.infer<typeof setPasswordRequest>;

/** The form half of set/reset password (no token), for the browser. */
export const newPasswordForm = passwordPair.superRefine(matchRefine);
export type NewPasswordForm = z.infer<typeof newPasswordForm>;

export const changePasswordRequest = passwordPair
  .extend({ currentPassword: safeString({ error: V.required }).min(1, { error: V.required }).max(128, { error: V.maxLength }) })
  .superRefine((v, ctx) => {
    matchRefine(v, ctx);
    if (v.password.length > 0 && v.password === v.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: V.currentPasswordMatchError });
    }
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const tokenRequest = z.object({ token: tokenField });
export type TokenRequest = z.infer<typeof tokenRequest>;

export const TOKEN_PURPOSES = ['activation', 'reset', 'verify-email'] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/** What the activation page may show before the password is set. */
export const activationInfo = z.object({
  username: z.string(),
  firstName: z.string(),
  roleId: z.number(),
  schoolName: z.string().nullable(),
  /** For a parent: linked students, which may be unlinked at activation. */
  linkedStudents: z.array(z.object({ id: z.string(), name: z.string(), username: z.string() })),
});
export type ActivationInfo = z.infer<typeof activationInfo>;

export const activateRequest = passwordPair
  .extend({ token: tokenField, unlinkStudentIds: z.array(z.string().uuid()).max(50).default([]) })
  .superRefine(matchRefine);
export type ActivateRequest = z.infer<typeof activateRequest>;

export const childEntry = z.object({ id: z.string(), name: z.string(), username: z.string() });
export type ChildEntry = z.infer<typeof childEntry>;

export const profile = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  /** An email change waiting for verification. */
  pendingEmail: z.string().nullable(),
  roleId: z.number(),
  salutation: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  suffix: z.string().nullable(),
  employeeNumber: z.string().nullable(),
  gradeLevel: z.string().nullable(),
  section: z.string().nullable(),
  schoolId: z.string().nullable(),
  schoolName: z.string().nullable(),
  language: z.enum(LOCALES),
  theme: z.enum(THEMES),
  hasPhoto: z.boolean(),
  photoVersion: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const sessionInfo = z.object({
  profile,
  csrfToken: z.string(),
  showWelcomeDialog: z.boolean(),
  childrenList: z.array(childEntry),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
  /** The guided tour's state (issue 21; `PUT TOUR_PATH` saves it). */
  tour: tourState,
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** `GET /api/auth/status`: the session is alive; `version` changes whenever the profile does. */
export const sessionStatus = z.object({ version: z.string() });
export type SessionStatus = z.infer<typeof sessionStatus>;

export const updateProfileRequest = z.object({
  salutation: z.enum(SALUTATIONS).nullable(),
  firstName: nameField(80),
  middleName: optionalNameField(80),
  lastName: nameField(80),
  suffix: z.enum(SUFFIXES).nullable(),
  email: emailField,
  language: z.enum(LOCALES, { error: V.invalidChoice }),
  theme: z.enum(THEMES, { error: V.invalidChoice }),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const preferencesRequest = z.object({
  language: z.enum(LOCALES, { error: V.invalidChoice }).optional(),
  theme: z.enum(THEMES, { error: V.invalidChoice }).optional(),
});
export type PreferencesRequest = z.infer<typeof preferencesRequest>;

export const childProfile = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  suffix: z.string().nullable(),
  gradeLevel: z.string().nullable(),
  section: z.string().nullable(),
  schoolName: z.string().nullable(),
  email: z.string().nullable(),
  hasPhoto: z.boolean(),
  photoVersion: z.number(),
  active: z.boolean(),
});
export type ChildProfile = z.infer<typeof childProfile>;

export const outboxMail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const okMessage = z.object({ ok: z.literal(true), message: z.string() });
export type OkMessage = z.infer<typeof okMessage>;

/** Used by the optional "notes" of forms elsewhere; kept here as the shape of short free text. */
export const shortNote = optionalText(500);
