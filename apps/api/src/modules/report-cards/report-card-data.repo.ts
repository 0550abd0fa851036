import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { MapehPart, ObservedMark, ObservedStatement, Quarter, Sex } from '@klase/core/deped/contracts';
import { MAPEH_PARTS, QUARTERS } from '@klase/core/deped/contracts';
import { finalGrade, generalAverage, mapehQuarter, remarksOf } from '@klase/core/deped/engine';
import { DEFAULT_DESCRIPTORS } from '@klase/core/deped/defaults';
import type { DescriptorBounds } from '@klase/core/deped/contracts';
import { DomainError } from '@klase/core/errors';
import type { Db } from '../../platform/context.ts';
import { classStudents } from '../../db/schema/classes.ts';
import { courses } from '../../db/schema/courses.ts';
import { attendanceDays, attendanceMonths, classAdvisers, learnerProfiles, observedValues } from '../../db/schema/deped.ts';
import { schools } from '../../db/schema/tenancy.ts';
import { users } from '../../db/schema/users.ts';
import { fullNameSql, sortNameSql } from '../../kernel/people.ts';
import type { ClassRecord } from '../../kernel/class-access.ts';
import { loadDepedGrades, readPolicyRow, type DepedCourseGrades } from '../grading-policy/deped-grades.service.ts';

/**
 * Everything one SF9 (Learner's Progress Report Card) prints, loaded for a whole section at once
 * (a handful of queries plus one grade load per learning area, whatever the number of learners).
 * The card is "as of" a quarter: later quarters print blank, the final grades and the general
 * average only at quarter 4 (and only when every quarter has a grade).
 */

export type CardArea = {
  name: string;
  /** Quarterly grades 1..4 (null: blank on the card). */
  quarters: (number | null)[];
  final: number | null;
  remarks: 'passed' | 'failed' | null;
  /** A MAPEH part (its label is printed in the card's language). */
  part: MapehPart | null;
  /** MAPEH's four parts, printed indented below it. */
  parts: CardArea[];
};

export type CardLearner = {
  id: string;
  name: string;
  sortName: string;
  lrn: string | null;
  sex: Sex | null;
  birthDate: string | null;
};

export type ReportCardData = {
  quarter: Quarter;
  school: { name: string; depedSchoolId: string | null; region: string | null; province: string | null; city: string | null };
  section: { gradeLevel: string; section: string; schoolYear: string; adviser: string | null };
  learner: CardLearner;
  /** Age on the card's date (null without a birth date). */
  age: number | null;
  areas: CardArea[];
  generalAverage: { value: number; exact: number; remarks: 'passed' | 'failed' } | null;
  descriptors: DescriptorBounds;
  /** School months in order with the learner's days present (null: not entered). */
  attendance: { month: string; schoolDays: number; present: number | null }[];
  observed: Record<Quarter, Partial<Record<ObservedStatement, ObservedMark>>>;
};

/** Whole years between a birth date and a day (both `YYYY-MM-DD`). */
export const ageOn = (birthDate: string | null, day: string): number | null => {
  if (!birthDate) return null;
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
};

/** A learning area's row for one learner as of `quarter` (pure). */
export const areaRow = (
  name: string,
  quarterlies: readonly (number | null)[],
  quarter: Quarter,
  parts: CardArea[] = [],
  part: MapehPart | null = null,
): CardArea => {
  const shown = QUARTERS.map((q, i) => (q <= quarter ? (quarterlies[i] ?? null) : null));
  const final = quarter === 4 ? finalGrade(shown) : null;
  return { name, quarters: shown, final, remarks: remarksOf(final), part, parts };
};

/** The learning areas of one learner (pure): one row per course, MAPEH's parts folded into one row. */
export const learnerAreas = (grades: readonly { name: string; g: DepedCourseGrades }[], studentId: string, quarter: Quarter): CardArea[] => {
  const areas: CardArea[] = [];
  const parts: { part: MapehPart; row: CardArea; quarterlies: (number | null)[] }[] = [];
  let mapehAt = -1;
  for (const { name, g } of grades) {
    const quarterlies = g.students.get(studentId)?.results.map((r) => r.quarterly) ?? [null, null, null, null];
    if (g.mapehPart) {
      if (mapehAt < 0) mapehAt = areas.length;
      parts.push({ part: g.mapehPart, row: areaRow(name, quarterlies, quarter, [], g.mapehPart), quarterlies });
      continue;
    }
    areas.push(areaRow(name, quarterlies, quarter));
  }
  if (parts.length > 0) {
    parts.sort((a, b) => MAPEH_PARTS.indexOf(a.part) - MAPEH_PARTS.indexOf(b.part));
    const quarterlies = QUARTERS.map((_, i) => mapehQuarter(parts.map((p) => p.quarterlies[i] ?? null)));
    areas.splice(
      mapehAt,
      0,
      areaRow(
        'MAPEH',
        quarterlies,
        quarter,
        parts.map((p) => p.row),
      ),
    );
  }
  return areas;
};

/** The general average of the areas' final grades (quarter 4, every final present). */
export const averageOf = (areas: readonly CardArea[]) => {
  const avg = areas.length > 0 ? generalAverage(areas.map((a) => a.final)) : null;
  return avg ? { value: avg.rounded, exact: avg.exact, remarks: remarksOf(avg.rounded) ?? 'failed' } : null;
};

/** School months of a school year: June of the first year to May of the next (`YYYY-MM`). */
export const schoolMonths = (from: number): string[] =>
  Array.from({ length: 12 }, (_, i) => {
    const m = ((5 + i) % 12) + 1;
    return `${i < 7 ? from : from + 1}-${String(m).padStart(2, '0')}`;
  });

const sexOrder = (s: Sex | null): number => (s === 'male' ? 0 : s === 'female' ? 1 : 2);

/** The DepEd learning areas of a class with every (wanted) learner's grades; 409 DEPED_POLICY_OFF when the school is custom. */
/** The school's DepEd policy; 409 DEPED_POLICY_OFF when the school runs the custom policy. */
export const requireDeped = async (db: Db, schoolId: string) => {
  const policy = await readPolicyRow(db, schoolId);
  if (!policy || policy.kind !== 'deped') throw new DomainError('DEPED_POLICY_OFF');
  return policy;
};

export const loadSectionGrades = async (db: Db, cls: ClassRecord, studentIds?: string[]) => {
  const policy = await requireDeped(db, cls.schoolId);
  const list = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.classId, cls.id), isNull(courses.job)))
    .orderBy(asc(courses.name), asc(courses.id));
  const grades: { name: string; g: DepedCourseGrades }[] = [];
  for (const c of list) {
    const g = await loadDepedGrades(db, c.id, studentIds ? { studentIds } : {});
    if (g) grades.push({ name: c.name, g });
  }
  return { policy, grades };
};

/** Enrolled learners (all, or `studentIds`) male then female then unknown, each by last name. */
export const loadLearners = async (db: Db, classId: string, studentIds?: string[]): Promise<CardLearner[]> => {
  const rows = await db
    .select({
      id: users.id,
      name: fullNameSql,
      sortName: sortNameSql,
      lrn: learnerProfiles.lrn,
      sex: learnerProfiles.sex,
      birthDate: learnerProfiles.birthDate,
    })
    .from(classStudents)
    .innerJoin(users, eq(users.id, classStudents.studentId))
    .leftJoin(learnerProfiles, eq(learnerProfiles.userId, users.id))
    .where(studentIds ? and(eq(classStudents.classId, classId), inArray(classStudents.studentId, studentIds)) : eq(classStudents.classId, classId))
    .orderBy(sql`lower(${sortNameSql})`, asc(users.id));
  return rows.map((r) => ({ ...r, lrn: r.lrn ?? null, sex: r.sex ?? null, birthDate: r.birthDate ?? null })).sort((a, b) => sexOrder(a.sex) - sexOrder(b.sex));
};

/**
 * Every card of a section (or of `studentIds`) as of `quarter`. `today` (`YYYY-MM-DD`) gives the
 * learners' ages.
 */
export const loadReportCards = async (
  db: Db,
  cls: ClassRecord,
  quarter: Quarter,
  opts: { studentIds?: string[]; today?: string } = {},
): Promise<ReportCardData[]> => {
  const { policy, grades } = await loadSectionGrades(db, cls, opts.studentIds);
  const learners = await loadLearners(db, cls.id, opts.studentIds);
  const ids = learners.map((l) => l.id);
  const [[school], [adviser], months, days, marks] = await Promise.all([
    db
      .select({ name: schools.name, depedSchoolId: schools.depedSchoolId, region: schools.region, province: schools.province, city: schools.city })
      .from(schools)
      .where(eq(schools.id, cls.schoolId)),
    db.select({ name: fullNameSql }).from(classAdvisers).innerJoin(users, eq(users.id, classAdvisers.teacherId)).where(eq(classAdvisers.classId, cls.id)),
    db.select().from(attendanceMonths).where(eq(attendanceMonths.classId, cls.id)),
    ids.length
      ? db
          .select()
          .from(attendanceDays)
          .where(and(eq(attendanceDays.classId, cls.id), inArray(attendanceDays.studentId, ids)))
      : [],
    ids.length
      ? db
          .select()
          .from(observedValues)
          .where(and(eq(observedValues.classId, cls.id), inArray(observedValues.studentId, ids)))
      : [],
  ]);
  const schoolDays = new Map(months.map((m) => [m.month, m.schoolDays]));
  const monthList = schoolMonths(cls.schoolYearFrom).filter((m) => schoolDays.has(m));
  const present = new Map(days.map((d) => [`${d.studentId}/${d.month}`, d.daysPresent]));
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  return learners.map((learner) => {
    const areas = learnerAreas(grades, learner.id, quarter);
    const observed: ReportCardData['observed'] = { 1: {}, 2: {}, 3: {}, 4: {} };
    for (const m of marks)
      if (m.studentId === learner.id && m.quarter <= quarter && m.quarter >= 1) observed[m.quarter as Quarter][m.statement as ObservedStatement] = m.mark;
    return {
      quarter,
      school: school ?? { name: '', depedSchoolId: null, region: null, province: null, city: null },
      section: { gradeLevel: cls.gradeLevel, section: cls.section, schoolYear: `${cls.schoolYearFrom}-${cls.schoolYearTo}`, adviser: adviser?.name ?? null },
      learner,
      age: ageOn(learner.birthDate, today),
      areas,
      generalAverage: quarter === 4 ? averageOf(areas) : null,
      descriptors: policy.descriptors ?? DEFAULT_DESCRIPTORS,
      attendance: monthList.map((month) => ({ month, schoolDays: schoolDays.get(month) ?? 0, present: present.get(`${learner.id}/${month}`) ?? null })),
      observed,
    };
  });
};
