import { useState } from 'react';
import type { ClassAdviser } from '@klase/core/deped/learners';
import { Button, Group, NativeSelect, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../lib/toasts.ts';
import { learnerKeys, putAdviserCall, useAdviser, useInvalidate } from './learners-api.ts';

/** "Adviser: …" on the class page, with a control for the school administrator and the class's teachers. */
export const AdviserLine = ({ classId }: { classId: string }) => {
  const q = useAdviser(classId);
  return q.data ? <AdviserControl key={q.dataUpdatedAt} classId={classId} a={q.data} /> : null;
};

const AdviserControl = ({ classId, a }: { classId: string; a: ClassAdviser }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const invalidate = useInvalidate();
  const [choice, setChoice] = useState(a.teacherId ?? '');
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await putAdviserCall(classId, choice === '' ? null : choice);
      toastSuccess(t('adviser.saved'));
      await invalidate(learnerKeys.adviser(classId));
    } finally {
      setSaving(false);
    }
  };
  const options = [
    { value: '', label: t('adviser.none') },
    ...a.candidates.map((c) => ({ value: c.id, label: c.name })),
    ...(a.teacherId && !a.candidates.some((c) => c.id === a.teacherId) ? [{ value: a.teacherId, label: a.name ?? '' }] : []),
  ];
  return (
    <Group gap="sm" align="center" wrap="wrap">
      <Text data-testid="class-adviser">
        {t('adviser.label')}:{' '}
        <Text span fw={600}>
          {a.name ?? t('adviser.none')}
        </Text>
      </Text>
      {a.canEdit && (
        <Group gap="xs" wrap="nowrap">
          <NativeSelect size="xs" aria-label={t('adviser.choose')} value={choice} onChange={(e) => setChoice(e.currentTarget.value)} data={options} />
          <Button size="xs" variant="light" onClick={() => void save()} loading={saving} disabled={choice === (a.teacherId ?? '')}>
            {t('adviser.set')}
          </Button>
        </Group>
      )}
    </Group>
  );
};
