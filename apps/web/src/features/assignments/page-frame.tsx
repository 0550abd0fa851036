import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import type { MaterialDetails } from '@klase/core/courses/contracts';
import { paths } from '../../app/paths.ts';
import { GroupLoadState } from '../class-list/group-load-state.tsx';
import { useMaterial } from '../materials/materials-api.ts';

/** The page's class, course and material (and student) from the address. */
export const usePageParams = () => {
  const { id = '', courseId = '', materialId = '', studentId = '' } = useParams();
  return { classId: id, courseId, materialId, studentId };
};

/** The element page that shows the material (where its settings and lists lead back to). */
export const materialHref = (m: Pick<MaterialDetails, 'classId' | 'courseId' | 'elementId' | 'id'>) =>
  paths.classCourseElement.to(m.classId ?? '', m.courseId, m.elementId, { materialId: m.id });

/**
 * Loads the address's material and renders the page for it; a material of another class or
 * course, or of another type, is not found.
 */
export const MaterialPage = ({ type, children }: { type: 'assignment' | 'activity'; children: (m: MaterialDetails) => ReactNode }) => {
  const { classId, courseId, materialId } = usePageParams();
  const material = useMaterial(materialId);
  return (
    <GroupLoadState query={material}>
      {(m) => (m.courseId !== courseId || m.classId !== classId || m.type !== type ? <Navigate to={paths.notFound.to()} replace /> : children(m))}
    </GroupLoadState>
  );
};

/** A full page of an assignment or activity: the way back, the heading and the material's name. */
export const PageFrame = ({ back, title, subtitle, children }: { back: { to: string; label: string }; title: string; subtitle?: ReactNode; children: ReactNode }) => (
  <Stack gap="md" maw={1100}>
    <Anchor component={Link} to={back.to} size="sm" w="fit-content">
      <Group gap={4} wrap="nowrap">
        <IconChevronLeft size={16} aria-hidden="true" />
        {back.label}
      </Group>
    </Anchor>
    <Stack gap={2}>
      <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {subtitle && (
        <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Text>
      )}
    </Stack>
    {children}
  </Stack>
);
