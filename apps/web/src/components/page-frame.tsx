import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';
import { Navigate, useParams } from 'react-router';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { paths } from '../config/paths.ts';
import { GroupLoadState } from './group-load-state.tsx';
import { useMaterial } from '../api/materials-api.ts';
import { BackLink } from './back-link.tsx';

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
export const PageFrame = ({
  back,
  title,
  subtitle,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) => (
  <Stack gap="md" maw={1100}>
    <BackLink to={back.to}>{back.label}</BackLink>
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
