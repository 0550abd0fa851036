import { Group, NativeSelect, Stack, Switch, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { GradeCategoryRow, GradeItemRow } from '@klase/core/gradebook/views';
import { TextField } from '../../../components/text-field.tsx';
import { joinDateTime, splitDateTime } from '../../../lib/date-time-fields.ts';
import { useSettingOptions } from './final-tab.tsx';

/** The "how it counts and shows" fields categories and items share, as the form holds them. */
export interface CommonState {
  idNumber: string;
  weight: string;
  extraCredit: boolean;
  hidden: boolean;
  hiddenDate: string;
  hiddenTime: string;
  locked: boolean;
  lockedDate: string;
  lockedTime: string;
  gradePass: string;
  /** '' = the gradebook's. */
  displayType: string;
  decimals: string;
}

const text = (n: number | null) => (n === null ? '' : String(n));

export const commonFromRow = (row: GradeCategoryRow | GradeItemRow | null): CommonState => {
  const hidden = splitDateTime(row?.hiddenUntil ?? null);
  const locked = splitDateTime(row?.lockedAfter ?? null);
  return {
    idNumber: row?.idNumber ?? '',
    weight: text(row?.weight ?? null),
    extraCredit: row?.extraCredit ?? false,
    hidden: row?.hidden ?? false,
    hiddenDate: hidden.date,
    hiddenTime: hidden.time,
    locked: row?.locked ?? false,
    lockedDate: locked.date,
    lockedTime: locked.time,
    gradePass: text(row?.gradePass ?? null),
    displayType: row?.displayType ?? '',
    decimals: text(row?.decimals ?? null),
  };
};

/** The request's common fields (numbers as typed: the shared schema reads them). */
export const commonToBody = (s: CommonState) => ({
  idNumber: s.idNumber,
  weight: s.weight,
  extraCredit: s.extraCredit,
  hidden: s.hidden,
  hiddenUntil: joinDateTime(s.hiddenDate, s.hiddenTime, '00:00'),
  locked: s.locked,
  lockedAfter: joinDateTime(s.lockedDate, s.lockedTime, '23:59'),
  gradePass: s.gradePass,
  displayType: s.displayType === '' ? null : s.displayType,
  decimals: s.decimals,
});

const FIELD_OF: Record<string, string> = { hiddenUntil: 'hiddenDate', lockedAfter: 'lockedDate', dueAt: 'dueDate' };
/** Moves errors from the request's paths to the form's fields. */
export const toFormErrors = (errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [FIELD_OF[path] ?? path, message]));

type InputProps<T> = UseFormReturnType<T>['getInputProps'];

/** A date and a time field side by side. */
export const DateTimeFields = <T,>({ inputProps, date, time, labels }: { inputProps: InputProps<T>; date: string; time: string; labels: [string, string] }) => (
  <Group gap="sm" align="flex-start" wrap="wrap">
    <TextField label={labels[0]} dateMask {...inputProps(date)} style={{ flex: '1 1 170px', minWidth: 0 }} />
    <TextField label={labels[1]} timeMask {...inputProps(time)} style={{ flex: '1 1 130px', minWidth: 0 }} />
  </Group>
);

/** Weight, extra credit, hidden / hide until, locked / lock after, grade to pass, display, decimals, ID number. */
export const CommonFields = <T extends CommonState>({ inputProps, weightHint }: { inputProps: InputProps<T>; weightHint: string }) => {
  const { t } = useTranslation('gradeSetup');
  const options = useSettingOptions();
  const inherit = { value: '', label: t('form.inherit') };
  return (
    <Stack gap="sm">
      <TextField label={t('form.weight')} description={weightHint} inputMode="decimal" {...inputProps('weight')} />
      <Switch label={t('form.extraCredit')} description={t('form.extraCreditHint')} {...inputProps('extraCredit', { type: 'checkbox' })} />
      <Switch label={t('form.hidden')} description={t('form.hiddenHint')} {...inputProps('hidden', { type: 'checkbox' })} />
      <DateTimeFields inputProps={inputProps} date="hiddenDate" time="hiddenTime" labels={[t('form.hiddenUntilDate'), t('form.hiddenUntilTime')]} />
      <Switch label={t('form.locked')} description={t('form.lockedHint')} {...inputProps('locked', { type: 'checkbox' })} />
      <DateTimeFields inputProps={inputProps} date="lockedDate" time="lockedTime" labels={[t('form.lockedAfterDate'), t('form.lockedAfterTime')]} />
      <TextField label={t('form.gradePass')} description={t('form.gradePassHint')} inputMode="decimal" {...inputProps('gradePass')} />
      <NativeSelect label={t('form.displayType')} data={[inherit, ...options.displayTypes]} {...inputProps('displayType')} />
      <NativeSelect label={t('form.decimals')} data={[inherit, ...options.decimals]} {...inputProps('decimals')} />
      <TextField label={t('form.idNumber')} description={t('form.idNumberHint')} maxLength={100} {...inputProps('idNumber')} />
      <Text size="xs">{t('form.dateHint')}</Text>
    </Stack>
  );
};
