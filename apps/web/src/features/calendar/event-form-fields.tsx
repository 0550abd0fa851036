import { Checkbox, Select, SimpleGrid, Switch } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { EVENT_DURATION_MAX_MINUTES, REPEATS, WEEKLY_COUNT_MAX, type CalendarOptions } from '@klase/core/calendar/contracts';
import { TextField } from '../../components/text-field.tsx';
import type { EventFormState } from './event-form-values.ts';

type Form = UseFormReturnType<EventFormState>;

/** Date, all-day switch, start time and duration (or "without duration"). */
export const WhenFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('calendar');
  const v = form.getValues();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField label={t('form.date')} required dateMask {...form.getInputProps('date')} />
        <Switch label={t('form.allDay')} mt={{ sm: 30 }} {...form.getInputProps('allDay', { type: 'checkbox' })} />
      </SimpleGrid>
      {!v.allDay && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField label={t('form.time')} required timeMask {...form.getInputProps('time')} />
          <TextField
            label={t('form.duration')}
            description={t('form.durationHint', { max: EVENT_DURATION_MAX_MINUTES })}
            mask="99999"
            inputMode="numeric"
            disabled={v.noDuration}
            {...form.getInputProps('duration')}
          />
          <Checkbox label={t('form.noDuration')} {...form.getInputProps('noDuration', { type: 'checkbox' })} />
        </SimpleGrid>
      )}
    </>
  );
};

/** The event type (what the user may create) and the class, course or group it belongs to. */
export const ContextFields = ({ form, options }: { form: Form; options: CalendarOptions }) => {
  const { t } = useTranslation('calendar');
  const v = form.getValues();
  const needsClass = v.type === 'class' || v.type === 'course' || v.type === 'group';
  const ofClass = <T extends { id: string; name: string; classId: string }>(rows: T[]) =>
    rows.filter((r) => r.classId === v.classId).map((r) => ({ value: r.id, label: r.name }));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Select
        label={t('form.type')}
        required
        withAsterisk
        allowDeselect={false}
        data={options.types.map((type) => ({ value: type, label: t(`kinds.${type}`) }))}
        {...form.getInputProps('type')}
      />
      {needsClass && (
        <Select
          label={t('form.class')}
          required={v.type === 'class'}
          withAsterisk={v.type === 'class'}
          data={options.classes.map((c) => ({ value: c.id, label: c.name }))}
          {...form.getInputProps('classId')}
          onChange={(id) => {
            form.setFieldValue('classId', id ?? '');
            form.setFieldValue('courseId', '');
            form.setFieldValue('groupId', '');
          }}
        />
      )}
      {v.type === 'course' && <Select label={t('form.course')} required withAsterisk data={ofClass(options.courses)} {...form.getInputProps('courseId')} />}
      {v.type === 'group' && <Select label={t('form.group')} required withAsterisk data={ofClass(options.groups)} {...form.getInputProps('groupId')} />}
    </SimpleGrid>
  );
};

/** Repeat, the count of a weekly series, and the last day of any series. */
export const RepeatFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation('calendar');
  const v = form.getValues();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
      <Select
        label={t('form.repeat')}
        allowDeselect={false}
        data={REPEATS.map((r) => ({ value: r, label: t(`repeat.${r}`) }))}
        {...form.getInputProps('repeat')}
      />
      {v.repeat === 'weekly' && (
        <TextField
          label={t('form.count')}
          description={t('form.countHint', { max: WEEKLY_COUNT_MAX })}
          mask="999"
          inputMode="numeric"
          {...form.getInputProps('count')}
        />
      )}
      {v.repeat !== 'never' && <TextField label={t('form.until')} dateMask {...form.getInputProps('until')} />}
    </SimpleGrid>
  );
};
