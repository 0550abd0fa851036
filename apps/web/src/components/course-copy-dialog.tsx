import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../lib/use-confirmed-save.tsx';
import { courseCopyRequest, type CourseCopyAnswer, type CourseRow } from '@klase/core/courses/contracts';
import { ErrorText } from './error-text.tsx';
import { isValidDateText } from './text-mask.ts';
import { useZodValidate } from '../lib/zod-form.ts';
import { TextField } from './text-field.tsx';
import { useClassText } from '../lib/class-format.ts';
import { copyCourseCall, useCopyTargets, useReloadCourses } from '../api/courses-api.ts';
import { FormModal } from './form-modal.tsx';
import { shiftDaysOf, startDateOf, useCopyDates } from '../lib/copy-dates.ts';

/*
 * The copy dialog (issue 13's date shift) apart from the course menu and hooks, so the pages that
 * only may open it (a course's header, a course card's menu) load it when it opens.
 */

type JobCourse = Pick<CourseRow, 'id' | 'name' | 'classId'>;

interface CopyCourseDialogProps {
  course: JobCourse;
  onCopied: (answer: CourseCopyAnswer) => unknown;
  onClose: () => void;
}

interface TargetOption {
  value: string;
  label: string;
  /** Grade and section, under the name in the list. */
  detail: string;
}

interface CopyValues {
  targetClassId: string | null;
  /** The new start date (YYYY-MM-DD, optional): every date moves by the gap from the old start. */
  newStart: string;
}

/** The old start, the new start field and the shift it makes (issue 13). */
const DateShift = ({
  oldStart,
  newStart,
  inputProps,
}: {
  oldStart: string | null;
  newStart: string;
  inputProps: UseFormReturnType<CopyValues>['getInputProps'];
}) => {
  const { t } = useTranslation('courses');
  if (!oldStart) return <Text size="sm">{t('jobs.noDates')}</Text>;
  const shift = shiftDaysOf(oldStart, newStart);
  return (
    <Stack gap={4}>
      <Text size="sm">{t('jobs.oldStart', { date: oldStart })}</Text>
      <TextField label={t('jobs.newStart')} description={t('jobs.newStartHint')} dateMask {...inputProps('newStart')} />
      {typeof shift === 'number' && (
        <Text size="sm" role="status" data-testid="copy-shift">
          {shift === 0 ? t('jobs.shiftNone') : t(shift > 0 ? 'jobs.shiftLater' : 'jobs.shiftEarlier', { count: Math.abs(shift) })}
        </Text>
      )}
    </Stack>
  );
};

/** The class picker, the dates and the buttons, mounted once the classes and dates are known (the first class chosen). */
const CopyForm = ({ course, options, oldStart, onCopied, onClose }: CopyCourseDialogProps & { options: TargetOption[]; oldStart: string | null }) => {
  const { t } = useTranslation(['courses', 'common', 'components']);
  const reload = useReloadCourses();
  const validateTarget = useZodValidate<{ targetClassId: string | null }>(courseCopyRequest);
  const form = useForm<CopyValues>({
    mode: 'controlled',
    initialValues: { targetClassId: options[0]?.value ?? null, newStart: '' },
    validate: (values) => {
      const errors: Record<string, string> = validateTarget({ targetClassId: values.targetClassId });
      const typed = values.newStart.trim();
      if (typed && !isValidDateText(typed)) errors.newStart = t('components:field.invalidDate');
      else if (shiftDaysOf(oldStart, typed) === 'tooFar') errors.newStart = t('jobs.shiftTooFar');
      return errors;
    },
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: {}, setErrors: form.setErrors });
  const sameClass = form.values.targetClassId === course.classId;

  const submit = form.onSubmit(({ targetClassId, newStart }) => {
    const target = options.find((o) => o.value === targetClassId);
    const shift = shiftDaysOf(oldStart, newStart);
    const shiftDays = typeof shift === 'number' && shift !== 0 ? shift : undefined;
    return save({ title: t('jobs.copyTitle'), message: t('jobs.copyConfirm', { name: course.name, target: target?.label ?? '' }) }, async () => {
      const answer = await copyCourseCall(course.id, courseCopyRequest.parse({ targetClassId, shiftDays }));
      await reload(course.classId, answer.classId);
      toastSuccess(answer.message);
      onClose();
      await onCopied(answer);
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SaveError error={error} />
        <Select
          label={t('jobs.target')}
          required
          withAsterisk
          allowDeselect={false}
          data={options}
          renderOption={({ option }) => (
            <Stack gap={0}>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed">
                {options.find((o) => o.value === option.value)?.detail}
              </Text>
            </Stack>
          )}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          {...form.getInputProps('targetClassId')}
        />
        <Alert color="gray" variant="light" data-testid="copy-assignees">
          {t(sameClass ? 'jobs.assigneesSameClass' : 'jobs.assigneesOtherClass')}
        </Alert>
        <DateShift oldStart={oldStart} newStart={form.values.newStart} inputProps={form.getInputProps} />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={busy} leftSection={<IconCopy size={16} aria-hidden="true" />}>
            {t('jobs.copy')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * Copy a course into one of the teacher's classes (the course's own class first and chosen). The
 * copy asks for confirmation, starts on the server and shows up at once with the copying badge.
 * Mount it only while open.
 */
export const CopyCourseDialog = (props: CopyCourseDialogProps) => {
  const { t } = useTranslation(['courses', 'common']);
  const { gradeSection } = useClassText();
  const targets = useCopyTargets();
  const dates = useCopyDates(props.course.id);
  const { course, onClose } = props;
  const own = (id: string) => Number(id === course.classId);
  const options = [...(targets.data ?? [])]
    .sort((a, b) => own(b.id) - own(a.id))
    .map((c) => ({ value: c.id, label: own(c.id) ? `${c.name} ${t('jobs.thisClass')}` : c.name, detail: gradeSection(c.gradeLevel, c.section) }));

  return (
    <FormModal opened title={t('jobs.copyTitle')} onClose={onClose}>
      <Stack gap="sm">
        <Text>{t('jobs.copyHint', { name: course.name })}</Text>
        {targets.isPending || dates.isPending ? (
          <Skeleton height={58} data-testid="copy-targets-loading" />
        ) : targets.isError || dates.isError || options.length === 0 ? (
          <>
            {targets.isError || dates.isError ? (
              <ErrorText error={targets.error ?? dates.error} />
            ) : (
              <Alert color="gray" variant="light">
                {t('jobs.noTargets')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common:cancel')}
              </Button>
            </Group>
          </>
        ) : (
          <CopyForm {...props} options={options} oldStart={startDateOf(dates.data.firstDate)} />
        )}
      </Stack>
    </FormModal>
  );
};
