import { Alert, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIssue } from '@klase/core/errors';
import { ErrorText } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';

/** Translated text of a field issue, keyed by its path (`learners.0.present.2025-06`). */
export const useIssueText = () => {
  const { t } = useTranslation();
  return (issues: FieldIssue[] | undefined): Record<string, string> =>
    Object.fromEntries((issues ?? []).map((i) => [i.path, t(`validation:${i.key}`, i.params ?? {})]));
};

/** The issues of a refused save (400 with fields), or none. */
export const issuesOf = (err: unknown): FieldIssue[] | undefined => (isApiError(err) && err.fields ? err.fields : undefined);

/** Loading, error and "no learners" states shared by the attendance and observed values pages. */
export const SheetState = ({ pending, error, empty, children }: { pending: boolean; error: unknown; empty: boolean; children: ReactNode }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  if (pending)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={28} width="40%" />
        <Skeleton height={200} />
      </Stack>
    );
  if (error)
    return (
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
        <ErrorText error={error} />
      </Alert>
    );
  if (empty)
    return (
      <Alert variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
        {t('common.noLearners')}
      </Alert>
    );
  return <>{children}</>;
};

/** Read-only note or the save button. */
export const SheetActions = ({ canEdit, saving, onSave }: { canEdit: boolean; saving: boolean; onSave: () => void }) => {
  const { t } = useTranslation('grading', { keyPrefix: 'learners' });
  if (!canEdit) return <Text c="dimmed">{t('common.readOnly')}</Text>;
  return (
    <Group>
      <Button onClick={onSave} loading={saving}>
        {t('common.save')}
      </Button>
    </Group>
  );
};

/** The sheet's table (scrolls sideways on phones) and, below it, the save button or the read-only note. */
export const SheetTable = (props: { minWidth: number; label: string; canEdit: boolean; saving: boolean; onSave: () => void; children: ReactNode }) => (
  <>
    <Table.ScrollContainer minWidth={props.minWidth}>
      <Table withTableBorder withColumnBorders striped aria-label={props.label}>
        {props.children}
      </Table>
    </Table.ScrollContainer>
    <SheetActions canEdit={props.canEdit} saving={props.saving} onSave={props.onSave} />
  </>
);
