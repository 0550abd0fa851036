import type { ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { canOpen } from '@klase/core/guards';
import { ROLE } from '@klase/core/roles';
import { useSession } from '../../lib/session-store.ts';
import type { WorkOwner } from './assignments-api.ts';
import { WorkError } from './work-parts.tsx';

/** The props of the assignment and activity panels (rendered inside the material viewer). */
export interface GradedPanelProps {
  material: MaterialDetails;
  classId: string;
  courseId: string;
  /** The teacher's preview ("student mode"): the student's side, disabled. */
  studentMode?: boolean;
}

/** Who looks at a graded material: decides which side of it a panel shows. */
/** Staff: `manage` changes settings (teachers), `grade` grades and gives feedback (teachers and assistants, issue 13). */
export type GradedViewer =
  { kind: 'student' } | { kind: 'parent'; childId: string | null } | { kind: 'staff'; manage: boolean; grade: boolean } | { kind: 'none' };

export const useGradedViewer = (): GradedViewer => {
  const roleId = useSession((s) => s.profile?.roleId);
  const childId = useSession((s) => s.selectedChildId);
  if (roleId === ROLE.student) return { kind: 'student' };
  if (roleId === ROLE.parent) return { kind: 'parent', childId };
  if (roleId === ROLE.teacher || roleId === ROLE.assistantTeacher)
    return { kind: 'staff', manage: roleId === ROLE.teacher, grade: canOpen('assessmentGrade', roleId) };
  return { kind: 'none' };
};

export const ownerOf = (viewer: GradedViewer): WorkOwner | null =>
  viewer.kind === 'student' ? { kind: 'self' } : viewer.kind === 'parent' && viewer.childId ? { kind: 'child', childId: viewer.childId } : null;

/** A query's loading and error states around its data. */
export const Loaded = <T,>({ query, children }: { query: { data?: T; error: unknown; isPending: boolean }; children: (data: T) => ReactNode }) => {
  if (query.error) return <WorkError error={query.error} />;
  if (query.isPending || query.data === undefined) return <Skeleton height={160} aria-busy="true" data-testid="work-loading" />;
  return <>{children(query.data)}</>;
};
