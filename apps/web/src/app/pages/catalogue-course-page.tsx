import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { CourseActions, CourseHeader, CourseJobState, CourseLoadState } from '../../features/courses/course-layout.tsx';
import { CourseLinksProvider, catalogueCourseLinks } from '../../config/course-links.ts';
import { ElementsEditor } from '../../features/courses/elements-editor.tsx';
import { CatalogueElementPage as ElementPage } from '../../features/materials/element-page.tsx';
import { MaterialCreatePage, MaterialEditPage } from '../../features/materials/material-form-page.tsx';
import { CatalogueCourseFormDialog } from '../../features/catalogue/catalogue-course-form.tsx';

/** The catalogue's pages link inside the catalogue, whatever route they are mounted on. */
const InCatalogue = ({ children }: { children: ReactNode }) => (
  <CourseLinksProvider value={catalogueCourseLinks}>
    <Stack gap="md">
      <PageHeading />
      {children}
    </Stack>
  </CourseLinksProvider>
);

/**
 * `#/catalogue/courses/:courseId` (rex admin): a catalogue course's header (back to its category;
 * publish, edit with its category, picture, delete) and its elements editor: add, edit, reorder,
 * publish and delete elements (for everyone: a catalogue course has no class, so no assignees and
 * no student view), and add, edit, publish and delete materials of every type. A class's course
 * is not found here.
 */
export const CatalogueCoursePage = () => {
  const { t } = useTranslation('catalogue');
  const { courseId = '' } = useParams();
  return (
    <InCatalogue>
      <CourseLoadState classId={null} courseId={courseId}>
        {(course) =>
          course.classId !== null ? (
            <Navigate to={paths.notFound.to()} replace />
          ) : (
            <Stack gap="md">
              <CourseHeader
                course={course}
                back={{
                  to: catalogueCourseLinks.courses(course.categoryId),
                  label: course.categoryName ? t('course.backTo', { category: course.categoryName }) : t('course.back'),
                }}
                actions={
                  course.job === null &&
                  course.can.manage && (
                    <CourseActions course={course} canCopy={false} renderEdit={(onClose) => <CatalogueCourseFormDialog course={course} onClose={onClose} />} />
                  )
                }
              />
              {course.job ? <CourseJobState course={course} canRemove={false} /> : <ElementsEditor course={course} />}
            </Stack>
          )
        }
      </CourseLoadState>
    </InCatalogue>
  );
};

/** `#/catalogue/courses/:courseId/element/:elementId` (`?material=`): a catalogue course's element and its open material. */
export const CatalogueElementPage = () => (
  <InCatalogue>
    <ElementPage />
  </InCatalogue>
);

/** `#/catalogue/courses/:courseId/create-material/:sectionId/:materialName`: a new material in a catalogue course's element. */
export const CatalogueMaterialCreatePage = () => (
  <InCatalogue>
    <MaterialCreatePage />
  </InCatalogue>
);

/** `#/catalogue/courses/:courseId/update-material/:materialId`: a catalogue course's material form. */
export const CatalogueMaterialEditPage = () => (
  <InCatalogue>
    <MaterialEditPage />
  </InCatalogue>
);
