import { z } from 'zod';
import { SECTORS } from '../constants.ts';
import { V, optionalText, requiredText, urlField, whenNumbers } from '../validation/rules.ts';
import { queryBool, queryList, tableQueryWith, exportQueryWith } from './common.ts';
import { DEFAULT_TIME_ZONE, timeZoneField } from '../calendar/contracts.ts';

/** Schools, `/api/admin/schools`. */

export const SCHOOL_CODE_RE = /^[A-Z0-9-]+$/;
/** The national education department (DepEd) school ID: 6 digits. */
export const DEPED_ID_RE = /^\d{6}$/;
export const ZIP_RE = /^\d{4}$/;
export const SCHOOL_YEAR_MIN = 2000;
export const SCHOOL_YEAR_MAX = 2100;

const year = z
  .number({ error: V.required })
  .int({ error: V.invalidChoice })
  .min(SCHOOL_YEAR_MIN, { error: V.invalidChoice })
  .max(SCHOOL_YEAR_MAX, { error: V.invalidChoice });

/**
 * Create and edit form (every School field of spec section 3). Unique: code (SCHOOL_CODE_EXISTS)
 * and DepEd school ID (DEPED_ID_EXISTS). A school administrator's edit ignores `customerId` and
 * `enabled` (they keep their stored values).
 */
export const schoolForm = z
  .object({
    customerId: z.uuid({ error: V.required }),
    code: requiredText(20, 2)
      .transform((s) => s.toUpperCase())
      .refine((s) => SCHOOL_CODE_RE.test(s), { error: V.schoolCode }),
    name: requiredText(160, 2),
    depedSchoolId: z
      .string({ error: V.required })
      .trim()
      .refine((s) => DEPED_ID_RE.test(s), { error: V.depedSchoolId }),
    sector: z.enum(SECTORS, { error: V.invalidChoice }),
    schoolYearFrom: year,
    schoolYearTo: year,
    address: optionalText(200).default(''),
    city: requiredText(100),
    barangay: optionalText(100).default(''),
    province: requiredText(100),
    region: requiredText(100),
    country: requiredText(100),
    zipCode: z
      .string()
      .trim()
      .refine((s) => s === '' || ZIP_RE.test(s), { error: V.zipCode })
      .default(''),
    lmsUrl: urlField.default(''),
    websiteUrl: urlField.default(''),
    enabled: z.boolean().default(true),
    requireParentAccount: z.boolean().default(false),
    /** Students may message their classmates (issue 16); off: only their teachers and the school's administrators. */
    studentMessaging: z.boolean().default(true),
    /** The school's IANA time zone (issue 17): every calendar date and time is wall-clock time there. */
    timeZone: timeZoneField.default(DEFAULT_TIME_ZONE),
  })
  .superRefine(
    (v, ctx) => {
      if (v.schoolYearFrom >= v.schoolYearTo) {
        ctx.addIssue({ code: 'custom', path: ['schoolYearTo'], message: V.schoolYearOrder });
      }
    },
    // Checked even when other fields are wrong, as long as both years are numbers.
    whenNumbers('schoolYearFrom', 'schoolYearTo'),
  );
export type SchoolForm = z.input<typeof schoolForm>;
export type SchoolFormValues = z.output<typeof schoolForm>;

export const schoolRow = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  depedSchoolId: z.string().nullable(),
  sector: z.enum(SECTORS),
  customerId: z.string(),
  customerName: z.string(),
  city: z.string().nullable(),
  province: z.string().nullable(),
  schoolYearFrom: z.number().nullable(),
  schoolYearTo: z.number().nullable(),
  enabled: z.boolean(),
  /** ACTIVE when enabled, INACTIVE when disabled: the status chip of the table. */
  status: z.enum(['ACTIVE', 'INACTIVE']),
  userCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SchoolRow = z.infer<typeof schoolRow>;

export const schoolDetails = schoolRow.extend({
  address: z.string().nullable(),
  barangay: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string(),
  zipCode: z.string().nullable(),
  lmsUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  requireParentAccount: z.boolean(),
  studentMessaging: z.boolean(),
  timeZone: z.string(),
  createdBy: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type SchoolDetails = z.infer<typeof schoolDetails>;

/** `PATCH /api/admin/schools/:id/enabled` → `{ message }` (platform administrators). */
export const schoolEnabledRequest = z.object({ enabled: z.boolean({ error: V.required }) });
export type SchoolEnabledRequest = z.infer<typeof schoolEnabledRequest>;

/** Sortable columns. Filter keys: `enabled` (true, false), `sector` (public, private, international). */
export const SCHOOL_SORTS = ['code', 'name', 'depedSchoolId', 'sector', 'customerName', 'city', 'enabled', 'userCount', 'createdAt', 'updatedAt'] as const;
export const SCHOOL_FILTER_KEYS = ['enabled', 'sector'] as const;

/** Extra query fields that combine with `filter[...]`: `enabled`, `sector` (comma list), `customerId`. */
const schoolExtras = {
  enabled: queryBool.optional(),
  sector: queryList().optional(),
  customerId: z.uuid().optional(),
};
export const schoolTableQuery = tableQueryWith(schoolExtras);
/** `GET /api/admin/schools/export?format=csv|xlsx&...table query`. */
export const schoolExportQuery = exportQueryWith(schoolExtras);
