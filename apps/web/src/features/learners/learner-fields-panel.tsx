import { useState } from 'react';
import type { LearnerProfile } from '@klase/core/deped/learners';
import { Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SEXES, type Sex } from '@klase/core/deped/contracts';
import { toastSuccess } from '../../lib/toasts.ts';
import { learnerKeys, putLearnerProfileCall, useInvalidate, useLearnerProfile } from './learners-api.ts';
import { issuesOf, useIssueText } from './sheet-parts.tsx';

/** A student's learner fields (LRN, sex, birth date) on the administrator's user page; editable by the school administrator. */
export const LearnerFieldsPanel = ({ userId }: { userId: string }) => {
  const q = useLearnerProfile(userId);
  return q.data ? <LearnerFieldsForm key={q.dataUpdatedAt} userId={userId} profile={q.data} /> : null;
};

const LearnerFieldsForm = ({ userId, profile }: { userId: string; profile: LearnerProfile }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  const issueText = useIssueText();
  const invalidate = useInvalidate();
  const [lrn, setLrn] = useState(profile.lrn ?? '');
  const [sex, setSex] = useState<string>(profile.sex ?? '');
  const [birthDate, setBirthDate] = useState(profile.birthDate ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const canEdit = profile.canEdit;
  const save = async () => {
    setSaving(true);
    try {
      await putLearnerProfileCall(userId, { lrn, sex: sex === '' ? null : (sex as Sex), birthDate: birthDate === '' ? null : birthDate });
      setErrors({});
      toastSuccess(t('fields.saved'));
      await invalidate(learnerKeys.profile(userId));
    } catch (err) {
      const issues = issuesOf(err);
      if (!issues) throw err;
      setErrors(issueText(issues));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('fields.title')}
        </Title>
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label={t('fields.lrn')}
            description={t('fields.lrnHint')}
            inputMode="numeric"
            maxLength={12}
            value={lrn}
            onChange={(e) => setLrn(e.currentTarget.value)}
            error={errors.lrn}
            readOnly={!canEdit}
          />
          <NativeSelect
            label={t('fields.sex')}
            value={sex}
            onChange={(e) => setSex(e.currentTarget.value)}
            data={[{ value: '', label: t('fields.notSet') }, ...SEXES.map((s) => ({ value: s, label: t(`sex.${s}`) }))]}
            error={errors.sex}
            disabled={!canEdit}
          />
          <TextInput
            type="date"
            label={t('fields.birthDate')}
            value={birthDate}
            onChange={(e) => setBirthDate(e.currentTarget.value)}
            error={errors.birthDate}
            readOnly={!canEdit}
          />
        </Group>
        {canEdit && (
          <Group>
            <Button onClick={() => void save()} loading={saving}>
              {t('fields.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
};
