import type { SchoolDetails, SchoolForm } from '@klase/core/admin/schools';
import { DEFAULT_TIME_ZONE } from '@klase/core/calendar/contracts';

/** What the school form edits: the schema's fields, with the years as typed text. */
export interface SchoolFormState extends Omit<Required<SchoolForm>, 'schoolYearFrom' | 'schoolYearTo' | 'sector'> {
  sector: SchoolForm['sector'] | '';
  schoolYearFrom: string;
  schoolYearTo: string;
}

const thisYear = new Date().getFullYear();

export const emptySchool = (customerId = ''): SchoolFormState => ({
  customerId,
  code: '',
  name: '',
  depedSchoolId: '',
  sector: 'public',
  schoolYearFrom: String(thisYear),
  schoolYearTo: String(thisYear + 1),
  address: '',
  city: '',
  barangay: '',
  province: '',
  region: '',
  country: 'Philippines',
  zipCode: '',
  lmsUrl: '',
  websiteUrl: '',
  enabled: true,
  requireParentAccount: false,
  studentMessaging: true,
  timeZone: DEFAULT_TIME_ZONE,
});

export const schoolToState = (s: SchoolDetails): SchoolFormState => ({
  customerId: s.customerId,
  code: s.code,
  name: s.name,
  depedSchoolId: s.depedSchoolId ?? '',
  sector: s.sector,
  schoolYearFrom: s.schoolYearFrom === null ? '' : String(s.schoolYearFrom),
  schoolYearTo: s.schoolYearTo === null ? '' : String(s.schoolYearTo),
  address: s.address ?? '',
  city: s.city ?? '',
  barangay: s.barangay ?? '',
  province: s.province ?? '',
  region: s.region ?? '',
  country: s.country,
  zipCode: s.zipCode ?? '',
  lmsUrl: s.lmsUrl ?? '',
  websiteUrl: s.websiteUrl ?? '',
  enabled: s.enabled,
  requireParentAccount: s.requireParentAccount,
  studentMessaging: s.studentMessaging,
  timeZone: s.timeZone,
});

/** A typed year as a number; blank stays undefined so the schema reports "required". */
const yearOf = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));

/** The form state as the schema's input (`schoolForm.safeParse(stateToInput(v))`). */
export const stateToInput = (v: SchoolFormState): Record<string, unknown> => ({
  ...v,
  sector: v.sector === '' ? undefined : v.sector,
  schoolYearFrom: yearOf(v.schoolYearFrom),
  schoolYearTo: yearOf(v.schoolYearTo),
});
