import { useTranslation } from 'react-i18next';
import { useLearnerProfile } from '../api/learner-profile.ts';

/** A student's learner fields as label and value pairs (for a `DetailList`); empty until loaded or when not readable. */
export const useLearnerItems = (studentId: string): { label: string; value: string | null }[] => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const q = useLearnerProfile(studentId);
  if (!q.data) return [];
  const p = q.data;
  const birth = p.birthDate
    ? new Intl.DateTimeFormat(t('common.dateLocale'), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${p.birthDate}T00:00:00Z`))
    : null;
  return [
    { label: t('fields.lrn'), value: p.lrn },
    { label: t('fields.sex'), value: p.sex ? t(`sex.${p.sex}`) : null },
    { label: t('fields.birthDate'), value: birth },
  ];
};
