import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { roleKeyOf } from '@klase/core/roles';

/** `2026–2027` (an en dash between the years, in every language). */
export const schoolYearText = (from: number, to: number): string => `${from}–${to}`;

/**
 * The school year running today: Philippine school years start in June, so from June on it is
 * this year to next year, before June last year to this year.
 */
export const currentSchoolYear = (today = new Date()): { from: number; to: number } => {
  const from = today.getMonth() >= 5 ? today.getFullYear() : today.getFullYear() - 1;
  return { from, to: from + 1 };
};

/** i18n key of a grade level of core's GRADE_LEVELS (`Grade 10` → `grades.grade10`). */
const gradeKey = (value: string) => `grades.${value.replace(/\s+/g, '').toLowerCase()}`;

/**
 * Texts shared by the class pages: the translated grade level (unknown values are shown as they
 * are), "Grade 7 · Rizal" and a role's name ("Teacher", "Assistant teacher").
 */
export const useClassText = () => {
  const { t, i18n } = useTranslation(['classes', 'common']);
  const grade = useCallback((value: string) => (i18n.exists(`classes:${gradeKey(value)}`) ? t(`classes:${gradeKey(value)}`) : value), [t, i18n]);
  const gradeSection = useCallback((gradeLevel: string, section: string) => [grade(gradeLevel), section].filter(Boolean).join(' · '), [grade]);
  const roleName = useCallback(
    (roleId: number) => {
      const key = roleKeyOf(roleId);
      return key ? t(`common:roles.${key}`) : String(roleId);
    },
    [t],
  );
  return { grade, gradeSection, roleName };
};
