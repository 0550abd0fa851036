import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaterialType } from '@klase/core/class-work/contracts';
import { paths } from '../../config/paths.ts';
import { useCourseLinks } from '../../config/course-links.ts';
import { GroupLoadState } from '../../components/group-load-state.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { MaterialFormView } from './material-form.tsx';
import { isMaterialType } from './material-form-values.ts';
import { useMaterialTypeLabel } from '../../components/material-types.tsx';
import { useCourseDetails, useMaterial } from '../../api/materials-api.ts';
import { BackLink } from '../../components/back-link.tsx';
import { useReloadGeneration } from '../../components/edit-conflict.tsx';

const FormFrame = ({ courseId, title, where, children }: { courseId: string; title: string; where?: string; children: ReactNode }) => {
  const { t } = useTranslation('materials');
  const links = useCourseLinks();
  return (
    <Stack gap="md" maw={960}>
      <BackLink to={links.course(courseId)}>{t('form.backToCourse')}</BackLink>
      <Stack gap={2}>
        <Title order={2} size="h3">
          {title}
        </Title>
        {where && <Text size="sm">{t('form.inElement', { element: where })}</Text>}
      </Stack>
      {children}
    </Stack>
  );
};

/**
 * `create-material/:sectionId/:materialName` (of a class's course or a catalogue course): a new
 * material of that type at the end of the element.
 */
export const MaterialCreatePage = () => {
  const { t } = useTranslation('materials');
  const typeLabel = useMaterialTypeLabel();
  const { classId } = useCourseLinks();
  const { courseId = '', sectionId = '', materialName } = useParams();
  const known = isMaterialType(materialName);
  const course = useCourseDetails(classId, courseId, known);
  if (!known) return <Navigate to={paths.notFound.to()} replace />;
  const type: MaterialType = materialName;
  return (
    <GroupLoadState query={course}>
      {(c) => {
        const element = c.elements.find((e) => e.id === sectionId);
        if (!element || !c.can.manage || c.classId !== classId) return <Navigate to={paths.notFound.to()} replace />;
        return (
          <FormFrame courseId={courseId} title={t('form.createHeading', { type: typeLabel(type) })} where={element.name}>
            <MaterialFormView key={`${element.id}/${type}`} classId={classId} courseId={courseId} type={type} elementId={element.id} material={null} />
          </FormFrame>
        );
      }}
    </GroupLoadState>
  );
};

/** `update-material/:materialId` (of a class's course or a catalogue course): the material's own form; a material of another course is not found. */
export const MaterialEditPage = () => {
  const { t } = useTranslation('materials');
  const typeLabel = useMaterialTypeLabel();
  const { classId } = useCourseLinks();
  const { courseId = '', materialId = '' } = useParams();
  const material = useMaterial(materialId);
  const [generation, reloaded] = useReloadGeneration();
  // The form starts from the version the server has now, not from one cached on an earlier visit
  // (a co-teacher may have saved since): a save from a stale copy would only meet the conflict dialog.
  if (material.isFetching && !material.isFetchedAfterMount) return <PageLoader />;
  return (
    <GroupLoadState query={material}>
      {(m) =>
        m.courseId !== courseId || m.classId !== classId ? (
          <Navigate to={paths.notFound.to()} replace />
        ) : (
          <FormFrame courseId={courseId} title={t('form.editHeading', { type: typeLabel(m.type) })} where={m.elementName}>
            <MaterialFormView
              key={`${m.id}/${generation}`}
              classId={classId}
              courseId={courseId}
              type={m.type}
              elementId={m.elementId}
              material={m}
              onReload={async () => {
                await material.refetch();
                reloaded();
              }}
            />
          </FormFrame>
        )
      }
    </GroupLoadState>
  );
};
