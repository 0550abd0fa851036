import { MultiSelect, NumberInput, Paper, type NumberInputProps, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CLASS_NAME_MAX,
  CLASS_SECTION_MAX,
  CLASS_TEACHERS_MAX,
  CLASS_YEAR_MAX,
  CLASS_YEAR_MIN,
  GRADE_LEVELS,
  classForm,
  type ClassDetails,
} from '@klase/core/classes/contracts';
import { ROLE } from '@klase/core/roles';
import { TextField } from '../../components/text-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { useConfirmedCancel } from '../../lib/use-confirmed-cancel.ts';
import { useSession } from '../../lib/session-store.ts';
import { useZodValidate } from '../../lib/zod-form.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { classKeys, createClassCall, invalidateClass, updateClassCall, useTeacherCandidates } from '../../api/class-api.ts';
import { useClassText } from '../../lib/class-format.ts';
import { classToState, emptyClass, stateToInput, type ClassFormState } from './class-form-values.ts';
import { FormActions } from '../../components/form-actions.tsx';

/** A required school-year field (digits only, within the schema's bounds). */
const YearInput = (props: NumberInputProps) => (
  <NumberInput required withAsterisk min={CLASS_YEAR_MIN} max={CLASS_YEAR_MAX} allowDecimal={false} allowNegative={false} clampBehavior="none" {...props} />
);

/** Server codes shown on a field as well as above the form. */
const CODE_FIELDS = { CLASS_TEACHER_REQUIRED: 'teacherIds' };

interface ClassFormProps {
  /** The class being edited (settings); null creates one. */
  cls: ClassDetails | null;
}

/**
 * Create a class or change its settings: name, grade level, section, school year, description and
 * teachers, validated in the browser by the API's own schema (`classForm`). Saving asks first;
 * server answers are shown on their fields. A teacher creating a class is added by the server, so
 * the list offers them their co-teachers.
 */
export const ClassFormView = ({ cls }: ClassFormProps) => {
  const { t } = useTranslation(['classes', 'common', 'components']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useSession((s) => s.profile);
  const { grade, roleName } = useClassText();
  const zodValidate = useZodValidate<Record<string, unknown>>(classForm);
  const candidates = useTeacherCandidates(cls?.id ?? null);
  const form = useForm<ClassFormState>({
    mode: 'controlled',
    initialValues: cls ? classToState(cls) : emptyClass(),
    validate: (values) => zodValidate(stateToInput(values)),
    validateInputOnBlur: true,
  });
  const back = cls ? paths.classCourses.to(cls.id) : paths.classes.to();
  const cancel = useConfirmedCancel(form.isDirty, back);
  const { busy, error, save } = useConfirmedSave({
    codeFields: CODE_FIELDS,
    setErrors: form.setErrors,
    onReload: () => cls && invalidateClass(queryClient, cls.id),
  });
  const coTeachers = !cls && profile?.roleId === ROLE.teacher;

  const known = new Map((candidates.data ?? []).map((c) => [c.id, { name: c.name, roleId: c.roleId }]));
  for (const p of cls?.teachers ?? []) if (!known.has(p.id)) known.set(p.id, { name: p.name, roleId: p.roleId });
  const teacherOptions = [...known]
    .filter(([id]) => !(coTeachers && id === profile?.id))
    .map(([id, c]) => ({ value: id, label: `${c.name} (${roleName(c.roleId)})` }));

  const submit = form.onSubmit((values) =>
    save({ title: cls ? t('form.editTitle') : t('form.createTitle'), message: cls ? t('form.confirmEdit') : t('form.confirmCreate') }, async (overwrite) => {
      const body = classForm.parse(stateToInput(values));
      const saved = cls ? await updateClassCall(cls.id, { ...body, version: cls.version, overwrite }) : await createClassCall(body);
      queryClient.setQueryData(classKeys.one(saved.id), saved);
      await invalidateClass(queryClient, saved.id);
      toastSuccess(cls ? t('form.updated') : t('form.created'));
      form.resetDirty(values);
      if (!cls) await navigate(paths.classCourses.to(saved.id));
    }),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <TextField label={t('form.name')} required maxLength={CLASS_NAME_MAX} {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('form.gradeLevel')}
              required
              withAsterisk
              allowDeselect={false}
              data={GRADE_LEVELS.map((g) => ({ value: g, label: grade(g) }))}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('gradeLevel')}
            />
            <TextField label={t('form.section')} required maxLength={CLASS_SECTION_MAX} {...form.getInputProps('section')} />
            <YearInput label={t('form.schoolYearFrom')} {...form.getInputProps('schoolYearFrom')} />
            <YearInput label={t('form.schoolYearTo')} {...form.getInputProps('schoolYearTo')} />
          </SimpleGrid>
          <MultiSelect
            label={coTeachers ? t('form.coTeachers') : t('form.teachers')}
            description={coTeachers ? t('form.coTeachersHint') : t('form.teachersHint')}
            data={teacherOptions}
            searchable
            clearable
            maxValues={CLASS_TEACHERS_MAX}
            nothingFoundMessage={t('components:select.noResults')}
            disabled={candidates.isPending && !cls}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('teacherIds')}
          />
          <Textarea label={t('form.description')} rows={4} maxLength={500} {...form.getInputProps('description')} />
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </Paper>
  );
};
