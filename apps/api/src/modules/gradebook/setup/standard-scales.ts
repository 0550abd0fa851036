import type { Db } from '../../../platform/context.ts';
import { insertStandardScales } from './scales.repo.ts';

/**
 * The school's standard scales (every course of the school may use them; teachers cannot change
 * them). Values worst first: the DepEd K to 12 proficiency descriptors, and complete / incomplete.
 */
export const STANDARD_SCALES: readonly { name: string; values: string[]; description: string }[] = [
  {
    name: 'DepEd proficiency descriptors',
    values: ['Did Not Meet Expectations', 'Fairly Satisfactory', 'Satisfactory', 'Very Satisfactory', 'Outstanding'],
    description: 'DepEd K to 12 descriptors (below 75, 75–79, 80–84, 85–89, 90–100).',
  },
  { name: 'Complete / Incomplete', values: ['Incomplete', 'Complete'], description: 'Whether the work was completed.' },
];

/** Creates the standard scales of a school that has none yet (idempotent, safe when two requests race). */
export const ensureStandardScales = (db: Db, schoolId: string): Promise<void> => insertStandardScales(db, schoolId, STANDARD_SCALES);
