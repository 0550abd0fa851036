import type { ComponentWeights, DescriptorBounds, GradingPolicy, SubjectGroup, TransmutationRow } from './contracts.ts';

/** DepEd Order No. 8, s. 2015, the weights of the components per subject group (WW/PT/QA, percent). */
export const DEFAULT_PRESETS: Record<SubjectGroup, ComponentWeights> = {
  languages: { ww: 30, pt: 50, qa: 20 },
  scienceMath: { ww: 40, pt: 40, qa: 20 },
  mapehEpp: { ww: 20, pt: 60, qa: 20 },
  shsCore: { ww: 25, pt: 50, qa: 25 },
  shsAcademic: { ww: 25, pt: 45, qa: 30 },
  shsImmersion: { ww: 35, pt: 40, qa: 25 },
  shsTvl: { ww: 20, pt: 60, qa: 20 },
};

/**
 * The order's transmutation table as rows `{min, grade}`, highest first: 100 → 100; 98.40 up to
 * 99.99 → 99, then every 1.60 lower one grade less down to 60.00 → 75; 56.00 up to 59.99 → 74, then
 * every 4.00 lower one grade less down to 0 → 60. Computed in hundredths so no float drift.
 */
export const DEFAULT_TRANSMUTATION: TransmutationRow[] = [
  { min: 100, grade: 100 },
  ...Array.from({ length: 25 }, (_, i) => ({ min: (9840 - i * 160) / 100, grade: 99 - i })),
  ...Array.from({ length: 15 }, (_, i) => ({ min: (5600 - i * 400) / 100, grade: 74 - i })),
];

export const DEFAULT_DESCRIPTORS: DescriptorBounds = { outstanding: 90, verySatisfactory: 85, satisfactory: 80, fairlySatisfactory: 75 };

/** The passing grade of a learning area and of the general average. */
export const PASSING_GRADE = 75;

/** A school year's quarters as the school calendar usually has them (the school edits the dates). */
export const defaultQuarters = (schoolYearFrom: number): GradingPolicy['quarters'] => {
  const y = schoolYearFrom;
  return [
    { quarter: 1, startsOn: `${y}-06-15`, endsOn: `${y}-08-28` },
    { quarter: 2, startsOn: `${y}-08-31`, endsOn: `${y}-11-06` },
    { quarter: 3, startsOn: `${y}-11-09`, endsOn: `${y + 1}-01-29` },
    { quarter: 4, startsOn: `${y + 1}-02-01`, endsOn: `${y + 1}-04-16` },
  ];
};

/** The policy a school reads before its administrator saves one: DepEd's defaults, kind `custom`. */
export const defaultPolicy = (schoolYearFrom: number): GradingPolicy => ({
  kind: 'custom',
  schoolYearFrom,
  quarters: defaultQuarters(schoolYearFrom),
  presets: DEFAULT_PRESETS,
  transmutation: DEFAULT_TRANSMUTATION,
  descriptors: DEFAULT_DESCRIPTORS,
});
