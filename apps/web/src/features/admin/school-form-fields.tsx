import { Select, SimpleGrid, Switch, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SECTORS } from '@klase/core/constants';
import { SearchableSelect } from '../../components/searchable-select.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useCustomerOptions } from './schools-api.ts';
import type { SchoolFormState } from './school-form-values.ts';
import { DEFAULT_TIME_ZONE } from '@klase/core/calendar/contracts';

/** The IANA zones the browser knows (the school's default first if the list lacks it). */
const TIME_ZONES: string[] = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(DEFAULT_TIME_ZONE) ? zones : [DEFAULT_TIME_ZONE, ...zones];
})();

interface FieldsProps {
  form: UseFormReturnType<SchoolFormState>;
  /** Platform administrators choose the customer and the enabled flag. */
  platform: boolean;
}

const CustomerSelect = ({ form }: { form: UseFormReturnType<SchoolFormState> }) => {
  const { t } = useTranslation('admin');
  const options = useCustomerOptions();
  return (
    <SearchableSelect
      label={t('schools.customer')}
      required
      withAsterisk
      data={(options.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
      disabled={options.isPending}
      {...form.getInputProps('customerId')}
    />
  );
};

/** Identity of the school: customer, code, name, DepEd school ID, sector and school year. */
export const SchoolIdentityFields = ({ form, platform }: FieldsProps) => {
  const { t } = useTranslation('admin');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {platform && <CustomerSelect form={form} />}
      <TextField label={t('schools.code')} required maxLength={20} autoCapitalize="characters" {...form.getInputProps('code')} />
      <TextField label={t('schools.name')} required maxLength={160} {...form.getInputProps('name')} />
      <TextField label={t('schools.depedSchoolId')} required mask="999999" inputMode="numeric" {...form.getInputProps('depedSchoolId')} />
      <Select
        label={t('schools.sector')}
        required
        withAsterisk
        allowDeselect={false}
        data={SECTORS.map((s) => ({ value: s, label: t(`sector.${s}`) }))}
        {...form.getInputProps('sector')}
      />
      <TextField label={t('schools.schoolYearFrom')} required mask="9999" inputMode="numeric" {...form.getInputProps('schoolYearFrom')} />
      <TextField label={t('schools.schoolYearTo')} required mask="9999" inputMode="numeric" {...form.getInputProps('schoolYearTo')} />
    </SimpleGrid>
  );
};

/** Address parts. */
export const SchoolAddressFields = ({ form }: { form: UseFormReturnType<SchoolFormState> }) => {
  const { t } = useTranslation('admin');
  return (
    <>
      <Title order={2} size="h4">
        {t('schools.addressTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField label={t('schools.address')} maxLength={200} {...form.getInputProps('address')} />
        <TextField label={t('schools.city')} required maxLength={100} {...form.getInputProps('city')} />
        <TextField label={t('schools.barangay')} maxLength={100} {...form.getInputProps('barangay')} />
        <TextField label={t('schools.province')} required maxLength={100} {...form.getInputProps('province')} />
        <TextField label={t('schools.region')} required maxLength={100} {...form.getInputProps('region')} />
        <TextField label={t('schools.country')} required maxLength={100} {...form.getInputProps('country')} />
        <TextField label={t('schools.zipCode')} mask="9999" inputMode="numeric" {...form.getInputProps('zipCode')} />
      </SimpleGrid>
    </>
  );
};

/** Links and flags. */
export const SchoolSettingsFields = ({ form, platform }: FieldsProps) => {
  const { t } = useTranslation('admin');
  return (
    <>
      <Title order={2} size="h4">
        {t('schools.settingsTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={t('schools.lmsUrl')} type="url" maxLength={2048} placeholder="https://" {...form.getInputProps('lmsUrl')} />
        <TextInput label={t('schools.websiteUrl')} type="url" maxLength={2048} placeholder="https://" {...form.getInputProps('websiteUrl')} />
        <SearchableSelect
          label={t('schools.timeZone')}
          description={t('schools.timeZoneHint')}
          required
          withAsterisk
          allowDeselect={false}
          limit={50}
          data={TIME_ZONES}
          {...form.getInputProps('timeZone')}
        />
      </SimpleGrid>
      {platform && <Switch label={t('schools.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />}
      <Switch
        label={t('schools.requireParentAccount')}
        description={t('schools.requireParentAccountHint')}
        {...form.getInputProps('requireParentAccount', { type: 'checkbox' })}
      />
      <Switch
        label={t('schools.studentMessaging')}
        description={t('schools.studentMessagingHint')}
        {...form.getInputProps('studentMessaging', { type: 'checkbox' })}
      />
    </>
  );
};
