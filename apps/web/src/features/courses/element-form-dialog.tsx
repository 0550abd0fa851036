import { MultiSelect, Radio, Select, SimpleGrid, Stack } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  ASSIGN_MODES,
  ELEMENT_NAME_MAX,
  ELEMENT_TYPES,
  PLACEMENTS,
  elementForm,
  type AssignMode,
  type CourseDetails,
  type ElementDetails,
  type Placement,
} from '@klase/core/courses/contracts';
import { FormActions } from '../../components/form-actions.tsx';
import { TextField } from '../../components/text-field.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { SaveError, useConfirmedSave } from '../../lib/use-confirmed-save.tsx';
import { useZodValidate } from '../../lib/zod-form.ts';
import { createElementCall, invalidateCourseScope, updateElementCall, useAssignableGroups, useAssignableStudents } from '../../api/courses-api.ts';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';

const CODE_FIELDS = { ELEMENT_CREATE_EXISTS: 'name', ELEMENT_UPDATE_EXISTS: 'name' };

interface Values {
  name: string;
  type: string;
  placement: Placement;
  relativeTo: string | null;
  assignees: { mode: AssignMode; studentIds: string[]; groupIds: string[] };
}

/**
 * An element being edited keeps its place unless the teacher picks another: after the element
 * before it, or at the top when it is the first.
 */
const currentPlace = (elements: ElementDetails[], element: ElementDetails): Pick<Values, 'placement' | 'relativeTo'> => {
  const i = elements.findIndex((e) => e.id === element.id);
  const before = i > 0 ? elements[i - 1] : undefined;
  return before ? { placement: 'after', relativeTo: before.id } : { placement: 'top', relativeTo: null };
};

const toValues = (elements: ElementDetails[], element: ElementDetails | null): Values =>
  element
    ? {
        name: element.name,
        type: element.type,
        ...currentPlace(elements, element),
        assignees: {
          mode: element.assignees.mode,
          studentIds: element.assignees.students.map((s) => s.id),
          groupIds: element.assignees.groups.map((g) => g.id),
        },
      }
    : { name: '', type: 'basic', placement: 'bottom', relativeTo: null, assignees: { mode: 'everyone', studentIds: [], groupIds: [] } };

/** What is sent: the lists of the modes not chosen are emptied. */
const toInput = (v: Values) => ({
  ...v,
  relativeTo: v.placement === 'before' || v.placement === 'after' ? v.relativeTo : null,
  assignees: {
    mode: v.assignees.mode,
    studentIds: v.assignees.mode === 'students' ? v.assignees.studentIds : [],
    groupIds: v.assignees.mode === 'groups' ? v.assignees.groupIds : [],
  },
});

/** Choices from the class (the first 50), plus whoever the element already names. */
const choices = (rows: { id: string; name: string }[] | undefined, known: { id: string; name: string }[]) => {
  const all = new Map<string, string>();
  for (const r of [...known, ...(rows ?? [])]) all.set(r.id, r.name);
  return [...all].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
};

interface ElementFormDialogProps {
  course: CourseDetails;
  /** The element being edited; null adds one. */
  element: ElementDetails | null;
  onClose: () => void;
}

type Form = UseFormReturnType<Values>;

/** Where the element goes: at the top or bottom, or before or after another element. */
const PlacementFields = ({ form, others }: { form: Form; others: ElementDetails[] }) => {
  const { t } = useTranslation(['courses', 'components']);
  const placements = others.length > 0 ? PLACEMENTS : PLACEMENTS.filter((p) => p === 'top' || p === 'bottom');
  const relative = form.values.placement === 'before' || form.values.placement === 'after';
  return (
    <SimpleGrid cols={{ base: 1, sm: relative ? 2 : 1 }} spacing="sm">
      <Select
        label={t('element.placement')}
        required
        withAsterisk
        allowDeselect={false}
        data={placements.map((v) => ({ value: v, label: t(`placements.${v}`) }))}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('placement')}
      />
      {relative && (
        <Select
          label={t('element.relativeTo')}
          required
          withAsterisk
          searchable
          nothingFoundMessage={t('components:select.noResults')}
          data={others.map((e) => ({ value: e.id, label: e.name }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('relativeTo')}
        />
      )}
    </SimpleGrid>
  );
};

interface ChosenAssigneesProps {
  form: Form;
  element: ElementDetails | null;
  /** The class's students and groups to choose from. */
  students: ReturnType<typeof useAssignableStudents>;
  groups: ReturnType<typeof useAssignableGroups>;
}

/** The students or groups the element is for, when it is not for everyone. */
const ChosenAssignees = ({ form, element, students, groups }: ChosenAssigneesProps) => {
  const { t } = useTranslation(['courses', 'components']);
  const mode = form.values.assignees.mode;
  return (
    <>
      {mode === 'students' && (
        <MultiSelect
          label={t('element.students')}
          required
          withAsterisk
          searchable
          clearable
          disabled={students.isPending}
          nothingFoundMessage={t('components:select.noResults')}
          data={choices(students.data?.data, element?.assignees.students ?? [])}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('assignees.studentIds')}
        />
      )}
      {mode === 'groups' && (
        <MultiSelect
          label={t('element.groups')}
          description={groups.isSuccess && groups.data.data.length === 0 ? t('element.noGroups') : undefined}
          required
          withAsterisk
          searchable
          clearable
          disabled={groups.isPending}
          nothingFoundMessage={t('components:select.noResults')}
          data={choices(groups.data?.data, element?.assignees.groups ?? [])}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('assignees.groupIds')}
        />
      )}
    </>
  );
};

/**
 * Add or edit a course element: name, type (basic or lesson), where it goes (at the top, before or
 * after another element, at the bottom) and who it is for (everyone, chosen students, chosen
 * groups of the class). Checked with the API's schema; saving asks first; "Course Element already
 * exists" lands on the name. Mount it only while open.
 */
export const ElementFormDialog = ({ course, element, onClose }: ElementFormDialogProps) => {
  const { t } = useTranslation(['courses', 'components']);
  const queryClient = useQueryClient();
  const classId = course.classId ?? '';
  // A catalogue course has no class: its elements are for everyone, nobody to choose.
  const inClass = course.classId !== null;
  const zodValidate = useZodValidate<ReturnType<typeof toInput>>(elementForm);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(course.elements, element),
    validate: (values) => zodValidate(toInput(values)),
    validateInputOnBlur: true,
  });
  const { busy, error, save } = useConfirmedSave({
    codeFields: CODE_FIELDS,
    setErrors: form.setErrors,
    // Their version: the course page shows it; the dialog (with this user's changes) closes.
    onReload: async () => {
      await invalidateCourseScope(queryClient, course.classId);
      onClose();
    },
  });
  const cancel = useDiscardCancel(form.isDirty, onClose);
  const mode = form.values.assignees.mode;
  const students = useAssignableStudents(classId, inClass && mode === 'students');
  const groups = useAssignableGroups(classId, inClass && mode === 'groups');
  const others = course.elements.filter((e) => e.id !== element?.id);

  const submit = form.onSubmit((values) =>
    save(
      { title: element ? t('element.editTitle') : t('element.createTitle'), message: element ? t('element.confirmEdit') : t('element.confirmCreate') },
      async (overwrite) => {
        const body = elementForm.parse(toInput(values));
        if (element) await updateElementCall(course.id, element.id, { ...body, version: element.version, overwrite });
        else await createElementCall(course.id, body);
        await invalidateCourseScope(queryClient, course.classId);
        toastSuccess(element ? t('element.updated') : t('element.created'));
        onClose();
      },
    ),
  );

  return (
    <FormModal opened title={element ? t('element.editTitle') : t('element.createTitle')} onClose={() => void cancel()}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SaveError error={error} />
          <TextField label={t('element.name')} required maxLength={ELEMENT_NAME_MAX} data-autofocus {...form.getInputProps('name')} />
          <Select
            label={t('element.type')}
            description={t('element.typeHint')}
            required
            withAsterisk
            allowDeselect={false}
            data={ELEMENT_TYPES.map((v) => ({ value: v, label: t(`elementTypes.${v}`) }))}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('type')}
          />
          <PlacementFields form={form} others={others} />
          {inClass && (
            <Radio.Group label={t('element.assignees')} description={t('element.assigneesHint')} {...form.getInputProps('assignees.mode')}>
              <Stack gap={8} mt={6}>
                {ASSIGN_MODES.map((m) => (
                  <Radio key={m} value={m} label={t(`assignModes.${m}`)} />
                ))}
              </Stack>
            </Radio.Group>
          )}
          {inClass && <ChosenAssignees form={form} element={element} students={students} groups={groups} />}
          <FormActions onCancel={() => cancel()} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};
