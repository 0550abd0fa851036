import { Select, SimpleGrid, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { GRADE_LEVELS } from '@klase/core/classes/contracts';
import { COURSE_CODE_MAX, COURSE_DESCRIPTION_MAX, COURSE_NAME_MAX, COURSE_SUBJECT_MAX, courseForm, type CourseDetails } from '@klase/core/courses/contracts';
import { FormActions } from './form-actions.tsx';
import { TextField } from './text-field.tsx';
import { toastSuccess } from '../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../lib/zod-form.ts';
import { classKeys } from '../api/class-api.ts';
import { useClassText } from '../lib/class-format.ts';
import { classCourseLinks } from '../config/course-links.ts';
import { courseKeys, createCourseCall, updateCourseCall } from '../api/courses-api.ts';
import { FormModal, useDiscardCancel } from './form-modal.tsx';

/** "Course already exists" is about the name (or the code) of the course: shown on the name. */
const CODE_FIELDS = { COURSE_CREATE_EXISTS: 'name', COURSE_UPDATE_EXISTS: 'name' };

/** The values of the course form; `categoryId` only matters for a catalogue course. */
export interface CourseFormState {
  name: string;
  code: string;
  description: string;
  gradeLevel: string | null;
  subject: string;
  sequential: boolean;
  categoryId: string | null;
}

type EditedCourse = Pick<CourseDetails, 'name' | 'code' | 'description' | 'gradeLevel' | 'subject' | 'sequential' | 'categoryId'>;

/** The form's starting values: the course's, or a new course's (with a default grade and category). */
export const courseFormState = (course: EditedCourse | null, defaults: { gradeLevel?: string | null; categoryId?: string | null } = {}): CourseFormState => ({
  name: course?.name ?? '',
  code: course?.code ?? '',
  description: course?.description ?? '',
  gradeLevel: course
    ? course.gradeLevel
    : defaults.gradeLevel && (GRADE_LEVELS as readonly string[]).includes(defaults.gradeLevel)
      ? defaults.gradeLevel
      : null,
  subject: course?.subject ?? '',
  sequential: course?.sequential ?? true,
  categoryId: course?.categoryId ?? defaults.categoryId ?? null,
});

interface CourseFormModalProps {
  title: string;
  /** The question asked before saving. */
  confirm: string;
  initialValues: CourseFormState;
  /** The core schema the API checks the body with. */
  schema: z.ZodType;
  /** A catalogue course: the category select and its choices. */
  categories?: { value: string; label: string }[];
  /** Sends the values (the caller parses them with its schema; `overwrite`: over someone else's newer save), then closes the dialog itself. */
  onSave: (values: CourseFormState, overwrite: boolean) => Promise<void>;
  /** Someone else saved the course meanwhile and the user takes their version. */
  onReload?: () => unknown;
  onClose: () => void;
}

/**
 * The course form in its dialog: (category,) name, code, subject, grade level, description and
 * whether its materials unlock one after another. Checked in the browser with the API's own
 * schema; saving asks first; "Course already exists" and other server answers land on their
 * fields; cancelling with changes asks first. Mount it only while open.
 */
export const CourseFormModal = ({ title, confirm, initialValues, schema, categories, onSave, onReload, onClose }: CourseFormModalProps) => {
  const { t } = useTranslation(['courses', 'common']);
  const { grade } = useClassText();
  const form = useForm<CourseFormState>({
    mode: 'controlled',
    initialValues,
    validate: useZodValidate<CourseFormState>(schema),
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({ codeFields: CODE_FIELDS, setErrors: form.setErrors, onReload });
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const submit = form.onSubmit((values) => save({ title, message: confirm }, (overwrite) => onSave(values, overwrite)));

  return (
    <FormModal opened title={title} onClose={() => void cancel()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          {categories && (
            <Select
              label={t('form.category')}
              required
              withAsterisk
              allowDeselect={false}
              searchable
              data={categories}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('categoryId')}
            />
          )}
          <TextField label={t('form.name')} required maxLength={COURSE_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              label={t('form.code')}
              description={t('form.codeHint')}
              required
              maxLength={COURSE_CODE_MAX}
              {...form.getInputProps('code')}
              onChange={(v) => form.setFieldValue('code', v.toUpperCase())}
            />
            <TextField label={t('form.subject')} required maxLength={COURSE_SUBJECT_MAX} {...form.getInputProps('subject')} />
          </SimpleGrid>
          <Select
            label={t('form.gradeLevel')}
            required
            withAsterisk
            allowDeselect={false}
            data={GRADE_LEVELS.map((g) => ({ value: g, label: grade(g) }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('gradeLevel')}
          />
          <Textarea label={t('form.description')} rows={4} maxLength={COURSE_DESCRIPTION_MAX} {...form.getInputProps('description')} />
          <Switch label={t('form.sequential')} description={t('form.sequentialHint')} {...form.getInputProps('sequential', { type: 'checkbox' })} />
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};

interface CourseFormDialogProps {
  classId: string;
  /** The course being edited; null creates one in the class. */
  course: CourseDetails | null;
  /** A new course starts with the class's grade level. */
  defaultGrade?: string | null;
  onClose: () => void;
}

/** Create a course in a class, or edit one (the course form). A new course opens at once. Mount it only while open. */
export const CourseFormDialog = ({ classId, course, defaultGrade = null, onClose }: CourseFormDialogProps) => {
  const { t } = useTranslation('courses');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const onSave = async (values: CourseFormState, overwrite: boolean) => {
    const body = courseForm.parse(values);
    const saved = course ? await updateCourseCall(course.id, { ...body, version: course.version, overwrite }) : await createCourseCall(classId, body);
    queryClient.setQueryData(courseKeys.one(classId, saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: classKeys.inClass(classId) });
    toastSuccess(course ? t('form.updated') : t('form.created'));
    onClose();
    if (!course) await navigate(classCourseLinks(classId).course(saved.id));
  };
  return (
    <CourseFormModal
      title={course ? t('form.editTitle') : t('form.createTitle')}
      confirm={course ? t('form.confirmEdit') : t('form.confirmCreate')}
      initialValues={courseFormState(course, { gradeLevel: defaultGrade })}
      schema={courseForm}
      onSave={onSave}
      onReload={async () => {
        // Their version: the course page shows it; the dialog (with this user's changes) closes.
        await queryClient.invalidateQueries({ queryKey: classKeys.inClass(classId) });
        if (course) await queryClient.invalidateQueries({ queryKey: courseKeys.one(classId, course.id) });
        onClose();
      }}
      onClose={onClose}
    />
  );
};
