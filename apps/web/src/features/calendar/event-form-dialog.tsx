import { useState } from 'react';
import { Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  EVENT_DESCRIPTION_MAX,
  EVENT_LOCATION_MAX,
  EVENT_TITLE_MAX,
  eventForm,
  type CalendarOccurrence,
  type CalendarOptions,
  type EditScope,
  type EventDetails,
} from '@klase/core/calendar/contracts';
import { FormActions } from '../../components/form-actions.tsx';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { SaveError } from '../../lib/use-confirmed-save.tsx';
import { useSaveErrors } from '../../lib/use-save-errors.ts';
import { calendarKeys, createEventCall, updateEventCall } from './calendar-api.ts';
import { ContextFields, RepeatFields, WhenFields } from './event-form-fields.tsx';
import { emptyEvent, eventToState, formFieldOf, stateToInput, useEventValidate, type EventFormState } from './event-form-values.ts';
import { useScopeQuestion } from './scope-question.tsx';

export interface EventEditing {
  details: EventDetails;
  /** The occurrence that was opened (null: the event as a whole). */
  occurrence: CalendarOccurrence | null;
}

interface EventFormDialogProps {
  /** The event being edited; null creates one. */
  editing: EventEditing | null;
  /** A new event's date (YYYY-MM-DD). */
  defaultDate: string;
  options: CalendarOptions;
  onClose: () => void;
}

/**
 * For "All events in the series", a date and time left as the clicked occurrence's stay the
 * series' own (the series does not move to that occurrence); changed ones move the series.
 */
export const seriesValues = (values: EventFormState, editing: EventEditing): EventFormState => {
  const opened = editing.occurrence ? eventToState(editing.details.form, editing.occurrence) : null;
  if (!opened) return values;
  const series = editing.details.form;
  return {
    ...values,
    date: values.date === opened.date ? series.date : values.date,
    time: values.time === opened.time ? (series.time ?? values.time) : values.time,
  };
};

/** Server field errors under the form's fields (`durationMinutes` under the duration). */
const renameFields = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [formFieldOf(k), v]));

/**
 * Create or edit a calendar event: every field of the contract's `eventForm`, checked with the
 * same schema before sending. Creating and saving ask for confirmation first; saving one
 * occurrence of a repeating event asks "This event only" or "All events in the series" instead.
 * Mount it only while open.
 */
export const EventFormDialog = ({ editing, defaultDate, options, onClose }: EventFormDialogProps) => {
  const { t } = useTranslation(['calendar', 'common']);
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const askScope = useScopeQuestion();
  const saveErrors = useSaveErrors({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<EventFormState>({
    mode: 'controlled',
    initialValues: editing ? eventToState(editing.details.form, editing.occurrence) : emptyEvent(defaultDate, options.types[0] ?? ''),
    validate: useEventValidate(),
    validateInputOnBlur: true,
  });
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const title = editing ? t('form.editTitle') : t('form.createTitle');
  const occurrence = editing?.occurrence && editing.occurrence.repeat !== 'never' ? editing.occurrence : null;

  const ask = async (): Promise<EditScope | null> => {
    if (occurrence) return askScope('edit');
    const ok = await confirm({ title, message: editing ? t('form.confirmEdit') : t('form.confirmCreate') });
    return ok ? 'all' : null;
  };

  const run = async (values: EventFormState, scope: EditScope) => {
    if (!editing) {
      await createEventCall(eventForm.parse(stateToInput(values)));
      return t('form.created');
    }
    const chosen = scope === 'all' ? seriesValues(values, editing) : values;
    await updateEventCall(editing.details.id, eventForm.parse(stateToInput(chosen)), scope, scope === 'this' ? (occurrence?.occurrence ?? null) : null);
    return t('form.updated');
  };

  const submit = form.onSubmit(async (values) => {
    const scope = await ask();
    if (!scope) return;
    setBusy(true);
    setError(null);
    try {
      const message = await run(values, scope);
      await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
      toastSuccess(message);
      onClose();
    } catch (e) {
      const found = saveErrors(e);
      form.setErrors(renameFields(found.fields));
      setError(found.message);
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormModal opened title={title} onClose={() => void cancel()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <TextField label={t('form.title')} required maxLength={EVENT_TITLE_MAX} data-autofocus {...form.getInputProps('title')} />
          <ContextFields form={form} options={options} />
          <WhenFields form={form} />
          <RepeatFields form={form} />
          <TextField label={t('form.location')} maxLength={EVENT_LOCATION_MAX} {...form.getInputProps('location')} />
          <TextInput label={t('form.meetingUrl')} type="url" maxLength={2048} placeholder="https://" {...form.getInputProps('meetingUrl')} />
          <Textarea label={t('form.description')} rows={3} maxLength={EVENT_DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};
