import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MaterialType } from '@klase/core/classes/class-work';
import { paths } from '../../app/paths.ts';
import { GroupLoadState } from '../class-list/group-load-state.tsx';
import { MaterialFormView } from './material-form.tsx';
import { isMaterialType } from './material-form-values.ts';
import { useMaterialTypeLabel } from '../courses/material-types.tsx';
import { useCourseDetails, useMaterial } from './materials-api.ts';

const FormFrame = ({ classId, courseId, title, where, children }: { classId: string; courseId: string; title: string; where?: string; children: ReactNode }) => {
  const { t } = useTranslation('materials');
  return (
    <Stack gap="md" maw={960}>
      <Anchor component={Link} to={paths.classCourse.to(classId, courseId)} size="sm" w="fit-content">
        <Group gap={4} wrap="nowrap">
          <IconChevronLeft size={16} aria-hidden="true" />
          {t('form.backToCourse')}
        </Group>
      </Anchor>
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

/** `create-material/:sectionId/:materialName`: a new material of that type at the end of the element. */
export const MaterialCreatePage = () => {
  const { t } = useTranslation('materials');
  const typeLabel = useMaterialTypeLabel();
  const { id = '', courseId = '', sectionId = '', materialName } = useParams();
  const known = isMaterialType(materialName);
  const course = useCourseDetails(id, courseId, known);
  if (!known) return <Navigate to={paths.notFound.to()} replace />;
  const type: MaterialType = materialName;
  return (
    <GroupLoadState query={course}>
      {(c) => {
        const element = c.elements.find((e) => e.id === sectionId);
        if (!element || !c.can.manage) return <Navigate to={paths.notFound.to()} replace />;
        return (
          <FormFrame classId={id} courseId={courseId} title={t('form.createHeading', { type: typeLabel(type) })} where={element.name}>
            <MaterialFormView key={`${element.id}/${type}`} classId={id} courseId={courseId} type={type} elementId={element.id} material={null} />
          </FormFrame>
        );
      }}
    </GroupLoadState>
  );
};

/** `update-material/:materialId`: the material's own form; a material of another course is not found. */
export const MaterialEditPage = () => {
  const { t } = useTranslation('materials');
  const typeLabel = useMaterialTypeLabel();
  const { id = '', courseId = '', materialId = '' } = useParams();
  const material = useMaterial(materialId);
  return (
    <GroupLoadState query={material}>
      {(m) =>
        m.courseId !== courseId ? (
          <Navigate to={paths.notFound.to()} replace />
        ) : (
          <FormFrame classId={id} courseId={courseId} title={t('form.editHeading', { type: typeLabel(m.type) })} where={m.elementName}>
            <MaterialFormView key={m.id} classId={id} courseId={courseId} type={m.type} elementId={m.elementId} material={m} />
          </FormFrame>
        )
      }
    </GroupLoadState>
  );
};
