import type { ReactNode } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Radio, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { IconInfoCircle, IconPlus, IconRestore, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEPED_PATH, gradingPolicyForm, SUBJECT_GROUPS, type GradingPolicyView, type PolicyKind } from '@klase/core/deped/contracts';
import { DEFAULT_TRANSMUTATION } from '@klase/core/deped/defaults';
import { apiFetch } from '../../api/http.ts';
import { gradingPolicyKey, useGradingPolicy } from '../../api/grading-policy.ts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { ErrorText } from '../../components/error-text.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useTone } from '../../components/tones.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useLeaveGuard } from '../../lib/use-leave-guard.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { BOUND_KEYS, rowRange, stateOf, tableRowsOf, weightSum, type PolicyState } from './policy-form-state.ts';

const NS = ['grading', 'gradeSetup', 'gradeReport'] as const;

type Form = UseFormReturnType<PolicyState, PolicyState, (values: PolicyState) => FormErrors>;

/** Inputs of a form the reader may not change are read-only (readable and focusable), never disabled. */
const useField = (form: Form, readOnly: boolean) => (path: string) => ({ ...form.getInputProps(path), readOnly });

const Section = ({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) => (
  <Paper withBorder p={{ base: 'sm', sm: 'lg' }} component="section" aria-label={title}>
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {intro && <Text size="sm">{intro}</Text>}
      {children}
    </Stack>
  </Paper>
);

const KindField = ({ form, readOnly }: { form: Form; readOnly: boolean }) => {
  const { t } = useTranslation(NS);
  const confirm = useConfirm();
  const change = async (value: string) => {
    const kind = value as PolicyKind;
    if (kind === form.values.kind) return;
    const ok = await confirm({
      title: t('grading:kind.confirmTitle'),
      message: t(`grading:kind.confirm.${kind}`),
      confirmLabel: t('grading:kind.confirmButton'),
    });
    if (ok) form.setFieldValue('kind', kind);
  };
  return (
    <Radio.Group label={t('grading:kind.label')} value={form.values.kind} onChange={(v) => void change(v)} readOnly={readOnly}>
      <Stack gap="xs" mt="xs">
        <Radio value="deped" label={t('grading:kind.deped')} description={t('grading:kind.depedHint')} disabled={readOnly && form.values.kind !== 'deped'} />
        <Radio
          value="custom"
          label={t('grading:kind.custom')}
          description={t('grading:kind.customHint')}
          disabled={readOnly && form.values.kind !== 'custom'}
        />
      </Stack>
    </Radio.Group>
  );
};

const QuartersSection = ({ form, readOnly }: { form: Form; readOnly: boolean }) => {
  const { t } = useTranslation(NS);
  const field = useField(form, readOnly);
  const from = Number(form.values.schoolYearFrom);
  return (
    <Section title={t('grading:year.title')} intro={t('grading:year.intro')}>
      <TextField
        label={t('grading:year.from')}
        description={Number.isInteger(from) && from > 0 ? t('grading:year.range', { from, to: from + 1 }) : undefined}
        required
        inputMode="numeric"
        maxLength={4}
        maw={220}
        {...field('schoolYearFrom')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {form.values.quarters.map((q, i) => (
          <Paper key={q.quarter} withBorder p="sm" component="fieldset" m={0} data-testid="quarter-dates">
            <Text component="legend" fw={700} size="sm" px={4}>
              {t('grading:year.quarter', { n: q.quarter })}
            </Text>
            <Group gap="sm" align="flex-start" wrap="wrap">
              <TextField label={t('grading:year.startsOn')} required dateMask={!readOnly} {...field(`quarters.${i}.startsOn`)} style={{ flex: '1 1 140px' }} />
              <TextField label={t('grading:year.endsOn')} required dateMask={!readOnly} {...field(`quarters.${i}.endsOn`)} style={{ flex: '1 1 140px' }} />
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
    </Section>
  );
};

const PresetsSection = ({ form, readOnly }: { form: Form; readOnly: boolean }) => {
  const { t } = useTranslation(NS);
  const field = useField(form, readOnly);
  const danger = useTone('danger');
  return (
    <Section title={t('grading:presets.title')} intro={t('grading:presets.intro')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        {SUBJECT_GROUPS.map((g) => {
          const sum = weightSum(form.values.presets[g]);
          const name = t(`grading:deped.groups.${g}`);
          return (
            <Paper key={g} withBorder p="sm" component="fieldset" m={0} data-testid={`preset-${g}`}>
              <Text component="legend" fw={700} size="sm" px={4}>
                {name}
              </Text>
              <Group gap="xs" align="flex-start" wrap="nowrap">
                {(['ww', 'pt', 'qa'] as const).map((c) => (
                  <TextField
                    key={c}
                    label={t(`grading:deped.short.${c}`)}
                    aria-label={t('grading:presets.weightOf', {
                      short: t(`grading:deped.short.${c}`),
                      component: t(`grading:deped.components.${c}`),
                      group: name,
                    })}
                    required
                    inputMode="decimal"
                    rightSection={<Text size="xs">%</Text>}
                    {...field(`presets.${g}.${c}`)}
                    style={{ flex: '1 1 0', minWidth: 0 }}
                  />
                ))}
              </Group>
              <Text size="sm" mt={4} c={sum !== null && sum !== 100 ? danger : undefined} data-testid="preset-sum">
                {sum === null ? t('grading:presets.sumUnknown') : t('grading:presets.sum', { sum })}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Section>
  );
};

/** One row of the transmutation table: the range it covers, its two bounds and (for the editor) add and remove. */
const TableRow = ({ form, readOnly, index: i }: { form: Form; readOnly: boolean; index: number }) => {
  const { t } = useTranslation(NS);
  const field = useField(form, readOnly);
  const rows = form.values.transmutation;
  const range = rowRange(rows, i);
  return (
    <Table.Tr data-testid="transmutation-row">
      <Table.Th scope="row" fw={400}>
        {range ? t('grading:table.rangeText', range) : '-'}
      </Table.Th>
      <Table.Td>
        <TextField aria-label={t('grading:table.minOf', { n: i + 1 })} inputMode="decimal" size="xs" miw={90} {...field(`transmutation.${i}.min`)} />
      </Table.Td>
      <Table.Td>
        <TextField aria-label={t('grading:table.gradeOf', { n: i + 1 })} inputMode="numeric" size="xs" miw={70} {...field(`transmutation.${i}.grade`)} />
      </Table.Td>
      {!readOnly && (
        <Table.Td>
          <Group gap={2} wrap="nowrap">
            <Tooltip label={t('grading:table.addBelow', { n: i + 1 })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('grading:table.addBelow', { n: i + 1 })}
                onClick={() => form.insertListItem('transmutation', { min: '', grade: '' }, i + 1)}
              >
                <IconPlus size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('grading:table.remove', { n: i + 1 })}>
              <ActionIcon
                variant="subtle"
                color="red.9"
                aria-label={t('grading:table.remove', { n: i + 1 })}
                onClick={() => form.removeListItem('transmutation', i)}
                disabled={rows.length <= 2}
              >
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
};

const TransmutationSection = ({ form, readOnly }: { form: Form; readOnly: boolean }) => {
  const { t } = useTranslation(NS);
  const danger = useTone('danger');
  const rows = form.values.transmutation;
  const listError = form.errors.transmutation;
  return (
    <Section title={t('grading:table.title')} intro={t('grading:table.intro')}>
      {listError && (
        <Text role="alert" c={danger} size="sm">
          {listError}
        </Text>
      )}
      <Table.ScrollContainer minWidth={readOnly ? 280 : 420}>
        <Table captionSide="top" verticalSpacing={4} data-testid="transmutation-table">
          <caption>{t('grading:table.caption', { count: rows.length })}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('grading:table.range')}</Table.Th>
              <Table.Th scope="col">{t('grading:table.min')}</Table.Th>
              <Table.Th scope="col">{t('grading:table.grade')}</Table.Th>
              {!readOnly && <Table.Th scope="col">{t('grading:table.actions')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((_, i) => (
              <TableRow key={i} form={form} readOnly={readOnly} index={i} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!readOnly && (
        <Group>
          <Button
            variant="default"
            leftSection={<IconRestore size={16} aria-hidden="true" />}
            onClick={() => form.setFieldValue('transmutation', tableRowsOf(DEFAULT_TRANSMUTATION))}
          >
            {t('grading:table.reset')}
          </Button>
        </Group>
      )}
    </Section>
  );
};

const DescriptorsSection = ({ form, readOnly }: { form: Form; readOnly: boolean }) => {
  const { t } = useTranslation(NS);
  const field = useField(form, readOnly);
  return (
    <Section title={t('grading:descriptors.title')} intro={t('grading:descriptors.intro')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        {BOUND_KEYS.map((k) => (
          <TextField
            key={k}
            label={t('grading:descriptors.from', { name: t(`gradeReport:deped.descriptors.${k}`) })}
            required
            inputMode="numeric"
            {...field(`descriptors.${k}`)}
          />
        ))}
      </SimpleGrid>
      <Text size="sm">
        {t('grading:descriptors.below', { name: t('gradeReport:deped.descriptors.didNotMeet'), grade: form.values.descriptors.fairlySatisfactory })}
      </Text>
    </Section>
  );
};

const PolicyForm = ({ policy, onReload }: { policy: GradingPolicyView; onReload: () => unknown }) => {
  const { t } = useTranslation(NS);
  const queryClient = useQueryClient();
  const validate = useZodValidate<PolicyState>(gradingPolicyForm);
  const form = useForm<PolicyState>({ initialValues: stateOf(policy), validate });
  const readOnly = !policy.canEdit;
  const flow = useConfirmedSave({ codeFields: {}, setErrors: form.setErrors, onReload });
  useLeaveGuard(!readOnly && form.isDirty() && !flow.busy);
  const submit = form.onSubmit((values) =>
    flow.save({ title: t('grading:save.title'), message: t('grading:save.confirm') }, async (overwrite) => {
      const body = { ...gradingPolicyForm.parse(values), version: policy.editVersion, overwrite };
      await apiFetch<GradingPolicyView>(DEPED_PATH, { method: 'PUT', body });
      form.resetDirty();
      toastSuccess(t('grading:save.done'));
      await queryClient.invalidateQueries({ queryKey: gradingPolicyKey });
    }),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('grading:titles.policy')}>
      <Stack gap="md">
        {readOnly && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} data-testid="policy-read-only">
            {t('grading:readOnly')}
          </Alert>
        )}
        <SaveError error={flow.error} />
        <Section title={t('grading:kind.title')}>
          <Group gap="xs">
            <Text size="sm">{t('grading:kind.current')}</Text>
            <Badge variant="light" color={policy.kind === 'deped' ? 'blue' : 'gray'} c="var(--mantine-color-text)" tt="none" data-testid="policy-kind">
              {t(`grading:kind.${policy.kind}`)}
            </Badge>
          </Group>
          <KindField form={form} readOnly={readOnly} />
        </Section>
        <QuartersSection form={form} readOnly={readOnly} />
        <PresetsSection form={form} readOnly={readOnly} />
        <TransmutationSection form={form} readOnly={readOnly} />
        <DescriptorsSection form={form} readOnly={readOnly} />
        {!readOnly && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => form.reset()} disabled={flow.busy || !form.isDirty()}>
              {t('grading:save.undo')}
            </Button>
            <Button type="submit" loading={flow.busy}>
              {t('grading:save.button')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};

/**
 * `#/school/grading-policy`: the school's grading policy (issue 19). The school administrator edits
 * it; the other staff of the school read it (inputs read-only, no save).
 */
export const GradingPolicyPage = () => {
  const policy = useGradingPolicy();
  return (
    <Stack gap="md" maw={1100}>
      <PageHeading />
      {policy.isPending ? (
        <PageLoader />
      ) : policy.isError ? (
        <ErrorText error={policy.error} />
      ) : (
        <PolicyForm key={policy.data.editVersion} policy={policy.data} onReload={() => policy.refetch()} />
      )}
    </Stack>
  );
};
