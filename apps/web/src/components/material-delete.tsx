import { useCallback, useState } from 'react';
import { Button, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useModals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MessageAnswer } from '@klase/core/admin/common';
import type { MaterialType } from '@klase/core/class-work/contracts';
import type { MaterialGradesChoice, MaterialGradesSummary } from '@klase/core/gradebook/contracts';
import { askInModal } from './confirm-dialog.tsx';
import { ErrorText } from './error-text.tsx';
import { apiFetch } from '../api/http.ts';
import { isGradedType } from '@klase/core/materials/contracts';
import { materialPath } from '../api/materials-api.ts';

/**
 * Deleting a material (decision 0015: "deleting a material asks what to do with its grades"). The
 * confirmation of an assignment, quiz or activity of a class first asks the server how many
 * students have a grade of it; when some do, it asks whether to keep the grades in the gradebook
 * as a manual column or to delete them, and the deletion sends that choice.
 */

/** `DELETE /api/materials/:materialId[?grades=keep|discard]`. */
export const deleteMaterialCall = (materialId: string, grades?: MaterialGradesChoice) =>
  apiFetch<MessageAnswer>(`${materialPath(materialId)}${grades ? `?grades=${grades}` : ''}`, { method: 'DELETE' });

export interface DeleteRequest {
  grades?: MaterialGradesChoice;
}

interface AskOptions {
  materialId: string;
  type: MaterialType;
  /** The course's class (null: a catalogue course, which has no gradebook). */
  classId: string | null;
  title: string;
  message: string;
  confirmLabel: string;
}

interface BodyProps {
  materialId: string;
  /** Ask the server about grades (a graded material of a class course). */
  graded: boolean;
  message: string;
  confirmLabel: string;
  onDone: (request: DeleteRequest | null) => void;
}

const DeleteBody = ({ materialId, graded, message, confirmLabel, onDone }: BodyProps) => {
  const { t } = useTranslation(['materials', 'components']);
  const summary = useQuery({
    queryKey: ['materials', materialId, 'grades-summary'],
    queryFn: ({ signal }) => apiFetch<MaterialGradesSummary>(materialPath(materialId, 'grades-summary'), { signal }),
    enabled: graded,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const [choice, setChoice] = useState<MaterialGradesChoice | null>(null);
  const [missing, setMissing] = useState(false);
  const count = summary.data?.gradeCount ?? 0;
  const asks = graded && count > 0;
  const ready = !graded || summary.isSuccess;

  const confirm = () => {
    if (!asks) return onDone({});
    if (!choice) return setMissing(true);
    onDone({ grades: choice });
  };

  return (
    <Stack gap="md">
      <Text>{message}</Text>
      {graded && summary.isPending && (
        <Stack gap={6} role="status" aria-label={t('delete.checking')}>
          <Skeleton height={14} width="80%" />
          <Skeleton height={14} width="60%" />
        </Stack>
      )}
      <ErrorText error={summary.error} />
      {asks && (
        <Radio.Group
          label={t('delete.gradesQuestion', { count })}
          value={choice}
          onChange={(v) => {
            setChoice(v as MaterialGradesChoice);
            setMissing(false);
          }}
          error={missing ? t('delete.choiceRequired') : undefined}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            <Radio value="keep" label={t('delete.keep')} />
            <Radio value="discard" label={t('delete.discard')} />
          </Stack>
        </Radio.Group>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => onDone(null)}>
          {t('components:dialog.cancel')}
        </Button>
        <Button color="red.9" onClick={confirm} disabled={!ready} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
};

/**
 * Opens the delete confirmation; resolves what to send (`{}` or `{ grades }`), or null when the
 * teacher cancels (Cancel, Escape, outside click).
 */
export const useAskMaterialDelete = () => {
  const modals = useModals();
  return useCallback(
    ({ title, type, classId, ...options }: AskOptions) =>
      askInModal<DeleteRequest>(modals, title, (choose) => <DeleteBody {...options} graded={classId !== null && isGradedType(type)} onDone={choose} />),
    [modals],
  );
};
