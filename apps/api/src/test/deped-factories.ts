import type { GradingPolicy, SubjectGroup } from '@klase/core/deped/contracts';
import { defaultPolicy } from '@klase/core/deped/defaults';
import type { Db } from '../db/client.ts';
import { courseDeped, schoolGradingPolicies } from '../db/schema/deped.ts';
import { buildGradebookCourse, buildGradeCategory, buildGradingPeriod } from './gradebook-factories.ts';

/**
 * DepEd test data written straight to the tables (issue 19): a school on the DepEd policy, and a
 * class course that is a DepEd learning area with its WW/PT/QA categories and the four quarters as
 * grading periods.
 */

export const setDepedPolicy = async (db: Db, schoolId: string, policy: Partial<GradingPolicy> = {}): Promise<GradingPolicy> => {
  const p: GradingPolicy = { ...defaultPolicy(2025), kind: 'deped', ...policy };
  await db
    .insert(schoolGradingPolicies)
    .values({ schoolId, ...p })
    .onConflictDoUpdate({ target: schoolGradingPolicies.schoolId, set: { ...p } });
  return p;
};

export const buildDepedCourse = async (
  db: Db,
  opts: { schoolId: string; classId: string; subjectGroup?: SubjectGroup; quarters: GradingPolicy['quarters'] },
) => {
  const { course, root } = await buildGradebookCourse(db, { schoolId: opts.schoolId, classId: opts.classId });
  const cat = (name: string, position: number) => buildGradeCategory(db, { courseId: course.id, parentId: root.id, name, position, aggregation: 'mean' });
  const ww = await cat('Written Work', 1);
  const pt = await cat('Performance Tasks', 2);
  const qa = await cat('Quarterly Assessment', 3);
  const periods = [];
  for (const q of opts.quarters)
    periods.push(await buildGradingPeriod(db, { courseId: course.id, name: `Quarter ${q.quarter}`, startsOn: q.startsOn, endsOn: q.endsOn }));
  await db
    .insert(courseDeped)
    .values({ courseId: course.id, subjectGroup: opts.subjectGroup ?? 'languages', wwCategoryId: ww.id, ptCategoryId: pt.id, qaCategoryId: qa.id });
  return { course, root, ww, pt, qa, periods };
};
