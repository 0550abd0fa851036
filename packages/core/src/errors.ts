/**
 * Error codes shared by the API and the SPA. The server answers `{ code, message }` with the
 * HTTP status below; the SPA shows the translated text of `errors:<code>`.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_LOCKED: 423,
  ACCOUNT_INACTIVE: 403,
  CUSTOMER_DISABLED: 403,
  SCHOOL_DISABLED: 403,
  PARENT_NOT_ACTIVATED: 403,
  CSRF: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USER_EXISTS: 409,
  USERNAME_EXISTS: 409,
  EMAIL_EXISTS: 409,
  INVALID_ACTIVATION_LINK: 410,
  INVALID_RESET_LINK: 410,
  INVALID_VERIFY_LINK: 410,
  SAME_PASSWORD: 400,
  WRONG_CURRENT_PASSWORD: 400,
  PASSWORD_SET_FAILED: 400,
  FILE_TYPE: 415,
  FILE_TOO_LARGE: 413,
  UPLOAD_INCOMPLETE: 400,
  RATE_LIMITED: 429,
  RATE_LIMITED_MINUTES: 429,
  CUSTOMER_EXISTS: 409,
  SCHOOL_CODE_EXISTS: 409,
  DEPED_ID_EXISTS: 409,
  ALREADY_ACTIVATED: 409,
  NO_EMAIL: 400,
  LINK_INVALID: 400,
  IMPORT_HEADERS: 400,
  IMPORT_EMPTY: 400,
  IMPORT_TOO_LARGE: 413,
  IMPORT_TOO_MANY_ROWS: 400,
  IMPORT_FILE_TYPE: 415,
  IMPORT_MALFORMED: 400,
  IMPORT_UNPACKED_TOO_LARGE: 413,
  BULK_NOT_IN_PREVIEW: 409,
  JOIN_CODE_INVALID: 404,
  JOIN_CODE_REPLACED: 410,
  JOIN_CODE_OFF: 403,
  JOIN_LINK_INVALID: 404,
  JOIN_LINK_REPLACED: 410,
  JOIN_LINK_OFF: 403,
  JOIN_OTHER_SCHOOL: 403,
  JOIN_NOT_STUDENT: 403,
  ALREADY_ENROLLED: 409,
  CLASS_ARCHIVED: 409,
  CLASS_TEACHER_REQUIRED: 400,
  CLASS_TEACHER_INACTIVE: 400,
  GROUP_EXISTS: 409,
  NO_STUDENTS: 400,
  COURSE_CREATE_EXISTS: 409,
  COURSE_UPDATE_EXISTS: 409,
  ELEMENT_CREATE_EXISTS: 409,
  ELEMENT_UPDATE_EXISTS: 409,
  MATERIAL_LOCKED: 403,
  MATERIAL_UNAVAILABLE: 403,
  UPLOAD_TOO_LARGE: 413,
  COPY_FAILED: 409,
  COURSE_BUSY: 409,
  CATEGORY_EXISTS: 409,
  CATEGORY_IN_USE: 409,
  NOT_OPEN_YET: 409,
  PAST_DUE: 409,
  ALREADY_SUBMITTED: 409,
  SUBMISSION_RETURNED: 409,
  TOO_MANY_FILES: 400,
  FILE_FORBIDDEN: 400,
  SUBMISSION_EMPTY: 400,
  QUIZ_CLOSED: 409,
  NO_ATTEMPTS_LEFT: 409,
  ATTEMPT_FINISHED: 409,
  QUIZ_HAS_ATTEMPTS: 409,
  GRADE_OVER_MAX: 400,
  FILE_OVER_LIMIT: 413,
  GRADEBOOK_NOT_READY: 409,
  SCALE_IN_USE: 409,
  SCALE_VALUES_IN_USE: 409,
  GRADE_CATEGORY_IN_USE: 409,
  RUBRIC_IN_USE: 409,
  GRADE_LOCKED: 409,
  ROOT_CATEGORY: 409,
  STANDARD_SCALE: 403,
  NAME_EXISTS: 409,
  EDIT_CONFLICT: 409,
  /** Issue 16: school rules do not let the caller message this person. */
  MESSAGE_NOT_ALLOWED: 403,
  /** The contact blocked the caller. */
  MESSAGE_BLOCKED: 403,
  /** The caller blocked the contact. */
  MESSAGE_YOU_BLOCKED: 403,
  /** The school switched student-to-student messages off. */
  STUDENT_MESSAGING_OFF: 403,
  /** Issue 18: a teacher locked the discussion post; no new comments. */
  POST_LOCKED: 403,
  /** Issue 19: a DepEd-only action on a school whose grading policy is custom. */
  DEPED_POLICY_OFF: 409,
  /** Issue 19: an uploaded E-Class Record is not of this course and quarter (or not a class record at all). */
  CLASS_RECORD_FILE: 400,
  /** Issue 19: an E-Class Record import with wrong rows (the body's `rows` names them); nothing was saved. */
  CLASS_RECORD_ROWS: 400,
  /** Issue 20: a portfolio share link that is unknown, revoked or expired, or whose portfolio is unpublished ("Content not available."). */
  SHARE_LINK_UNAVAILABLE: 404,
  /** Issue 20: the portfolio export job has not finished yet. */
  EXPORT_NOT_READY: 409,
  /** Issue 20: a portfolio too large for the direct ZIP download; the export job serves it. */
  EXPORT_TOO_LARGE: 409,
  INTERNAL: 500,
  /** The database is away (restart, failover): the SPA shows "Connecting..." and retries. */
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const isErrorCode = (v: unknown): v is ErrorCode => typeof v === 'string' && Object.prototype.hasOwnProperty.call(ERROR_STATUS, v);

/** A field-level validation issue: the path and the i18n key (in the `validation` namespace). */
/**
 * The message placeholders of a wait (sign-in delays, rate limits), the same on both sides: whole
 * minutes rounded up (at least 1) and `count` for the plural form ("1 minute", "5 minutes").
 */
export const waitParams = (seconds: number): { seconds: number; minutes: number; count: number } => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return { seconds, minutes, count: minutes };
};

export interface FieldIssue {
  path: string;
  key: string;
  params?: Record<string, string | number>;
}

/** The body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: FieldIssue[];
  retryAfterSeconds?: number;
  /** Values of the message's placeholders, for clients that translate the code themselves. */
  params?: Record<string, string | number>;
}

/** Thrown by services; mapped to HTTP by one handler. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldIssue[];
  readonly retryAfterSeconds?: number;
  /** Values of the message's placeholders (`{{max}}`). */
  readonly params?: Record<string, string | number>;
  constructor(code: ErrorCode, opts: { message?: string; fields?: FieldIssue[]; retryAfterSeconds?: number; params?: Record<string, string | number> } = {}) {
    super(opts.message ?? code);
    this.code = code;
    this.fields = opts.fields;
    this.retryAfterSeconds = opts.retryAfterSeconds;
    this.params = opts.params;
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
