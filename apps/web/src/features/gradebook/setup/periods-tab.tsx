import { useState } from 'react';
import { ActionIcon, Button, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { gradingPeriodForm } from '@klase/core/gradebook/contracts';
import { type GradebookSetupView, type GradingPeriodRow } from '@klase/core/gradebook/views';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { toastSuccess } from '../../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../../lib/zod-form.ts';
import { setupCalls, useRefreshSetup } from './setup-api.ts';
import { DeleteButton, useSetupParams } from './setup-frame.tsx';
import { num, SetupTable } from './setup-table.tsx';

interface PeriodState {
  name: string;
  startsOn: string;
  endsOn: string;
  weight: string;
}

/** Add (no period) or edit a grading period in a dialog; saved after a confirmation. */
const PeriodDialog = ({ period, onClose }: { period: GradingPeriodRow | null; onClose: () => void }) => {
  const { t } = useTranslation(['gradeSetup', 'validation']);
  const { courseId } = useSetupParams();
  const refresh = useRefreshSetup(courseId);
  const zodValidate = useZodValidate<PeriodState>(gradingPeriodForm);
  // A blank date is a missing answer, not a wrong choice.
  const validate = (values: PeriodState) => {
    const errors = zodValidate(values);
    for (const key of ['startsOn', 'endsOn'] as const) if (values[key].trim() === '') errors[key] = t('validation:required');
    return errors;
  };
  const form = useForm<PeriodState>({
    initialValues: period
      ? { name: period.name, startsOn: period.startsOn, endsOn: period.endsOn, weight: String(period.weight) }
      : { name: '', startsOn: '', endsOn: '', weight: '0' },
    validate,
  });
  const { busy, error, save } = useConfirmedSave({
    codeFields: { NAME_EXISTS: 'name' },
    setErrors: form.setErrors,
    onReload: async () => {
      await refresh();
      onClose();
    },
  });
  const title = t(period ? 'periods.edit' : 'periods.add');
  const submit = form.onSubmit((values) =>
    save({ title, message: t('periods.confirm') }, async (overwrite) => {
      await setupCalls.save(courseId, 'periods', period?.id ?? null, { ...gradingPeriodForm.parse(values), version: period?.version, overwrite });
      await refresh();
      toastSuccess(t('periods.saved'));
      onClose();
    }),
  );
  return (
    <Modal opened onClose={() => !busy && onClose()} title={title} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <TextField label={t('periods.name')} required maxLength={100} {...form.getInputProps('name')} />
          <Group grow align="flex-start" wrap="wrap">
            <TextField label={t('periods.startsOn')} required dateMask {...form.getInputProps('startsOn')} style={{ minWidth: 150 }} />
            <TextField label={t('periods.endsOn')} required dateMask {...form.getInputProps('endsOn')} style={{ minWidth: 150 }} />
          </Group>
          <TextField label={t('periods.weight')} description={t('periods.weightHint')} inputMode="decimal" {...form.getInputProps('weight')} />
          <FormActions onCancel={onClose} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
};

/** The gradingPeriods tab: the course's periods, their dates and their weights in the final grade. */
export const PeriodsTab = ({ setup }: { setup: GradebookSetupView }) => {
  const { t } = useTranslation('gradeSetup');
  const [editing, setEditing] = useState<GradingPeriodRow | 'new' | null>(null);
  const total = setup.periods.reduce((s, p) => s + p.weight, 0);
  const manage = setup.can.manage;
  return (
    <Stack gap="md">
      <Text size="sm">{t('periods.intro')}</Text>
      {manage && (
        <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setEditing('new')} w="fit-content">
          {t('periods.add')}
        </Button>
      )}
      {setup.periods.length === 0 ? (
        <EmptyState text={t('periods.none')} />
      ) : (
        <SetupTable
          caption={t('tabs.gradingPeriods')}
          columns={['name', 'startsOn', 'endsOn', 'weight', 'actions'].map((c) => t(`periods.columns.${c}`))}
          minWidth={560}
        >
          {setup.periods.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Th scope="row" style={{ overflowWrap: 'anywhere' }}>
                {p.name}
              </Table.Th>
              <Table.Td>{p.startsOn}</Table.Td>
              <Table.Td>{p.endsOn}</Table.Td>
              <Table.Td>{num(p.weight)}</Table.Td>
              <Table.Td>
                {manage && (
                  <Group gap={2} wrap="nowrap">
                    <Tooltip label={t('actions.editNamed', { name: p.name })}>
                      <ActionIcon variant="subtle" aria-label={t('actions.editNamed', { name: p.name })} onClick={() => setEditing(p)}>
                        <IconPencil size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Tooltip>
                    <DeleteButton kind="periods" id={p.id} name={p.name} />
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row" colSpan={3}>
              {t('periods.total')}
            </Table.Th>
            <Table.Td fw={700} data-testid="periods-total">
              {num(total)}
            </Table.Td>
            <Table.Td />
          </Table.Tr>
        </SetupTable>
      )}
      {editing && <PeriodDialog period={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
};
