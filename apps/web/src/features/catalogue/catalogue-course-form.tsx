import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { catalogueCourseForm } from '@klase/core/catalogue/contracts';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { ErrorText } from '../../components/error-text.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { paths } from '../../config/paths.ts';
import { CourseFormModal, courseFormState, type CourseFormState } from '../../components/course-form-dialog.tsx';
import { catalogueKeys, courseKeys } from '../../api/courses-api.ts';
import { FormModal } from '../../components/form-modal.tsx';
import { createCatalogueCourseCall, updateCatalogueCourseCall, useCatalogueCategories } from './catalogue-api.ts';

interface CatalogueCourseFormDialogProps {
  /** The catalogue course being edited; null creates one. */
  course: CourseDetails | null;
  /** A new course starts in the category being looked at. */
  defaultCategoryId?: string | null;
  onClose: () => void;
}

/**
 * Create or edit a catalogue course (rex admin): its category, then the course form. A new course
 * opens at once, unpublished. Mount it only while open.
 */
export const CatalogueCourseFormDialog = ({ course, defaultCategoryId = null, onClose }: CatalogueCourseFormDialogProps) => {
  const { t } = useTranslation(['catalogue', 'courses', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useCatalogueCategories();
  const title = course ? t('courses:form.editTitle') : t('courseForm.createTitle');

  const onSave = async (values: CourseFormState) => {
    const body = catalogueCourseForm.parse(values);
    const saved = course ? await updateCatalogueCourseCall(course.id, body) : await createCatalogueCourseCall(body);
    queryClient.setQueryData(courseKeys.one(null, saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    toastSuccess(course ? t('courses:form.updated') : t('courses:form.created'));
    onClose();
    if (!course) await navigate(paths.catalogueCourse.to(saved.id));
  };

  if (!categories.isSuccess)
    return (
      <FormModal opened title={title} onClose={onClose}>
        {categories.isError ? (
          <Stack gap="sm">
            <ErrorText error={categories.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common:cancel')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Skeleton height={240} aria-busy="true" />
        )}
      </FormModal>
    );
  return (
    <CourseFormModal
      title={title}
      confirm={course ? t('courses:form.confirmEdit') : t('courseForm.confirmCreate')}
      initialValues={courseFormState(course, { categoryId: defaultCategoryId })}
      schema={catalogueCourseForm}
      categories={categories.data.map((c) => ({ value: c.id, label: c.name }))}
      onSave={onSave}
      onClose={onClose}
    />
  );
};
