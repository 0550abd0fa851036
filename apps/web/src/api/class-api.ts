import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TablePage } from '@klase/core/table';
import type { ClassDetails, ClassFormValues, ClassRow, ClassJoinInfo, InvitationInfo, JoinAnswer, teacherCandidate } from '@klase/core/classes/contracts';
import type { ClassCourseRow } from '@klase/core/class-work/contracts';
import { apiFetch } from './http.ts';
import type { EditVersion } from '@klase/core/edit-version';

/** `/api/classes`: the class's own record, shared by the class layout and every tab under it. */
export const CLASSES_PATH = '/api/classes';

export const classPath = (id: string, ...rest: string[]): string => [`${CLASSES_PATH}/${encodeURIComponent(id)}`, ...rest.map(encodeURIComponent)].join('/');

export const classKeys = {
  all: ['classes'] as const,
  table: ['classes', 'table'] as const,
  one: (id: string) => ['classes', 'one', id] as const,
  /** Everything under one class (students, groups, progress, materials): invalidate after roster changes. */
  inClass: (id: string) => ['classes', 'in', id] as const,
  courses: (id: string) => ['classes', 'in', id, 'courses'] as const,
  /** Teachers the class form offers: of the caller's school (`new`) or of the class's school. */
  teacherCandidates: (id: string | null) => ['classes', 'teacher-candidates', id ?? 'new'] as const,
  invitation: (token: string) => ['classes', 'invitation', token] as const,
  child: (childId: string) => ['classes', 'child', childId] as const,
};

/**
 * The class record. Each page under the class asks for it when it opens, so counts and the
 * roster-dependent parts follow students who joined meanwhile (the cached copy shows at once and is
 * refreshed in the background).
 */
export const useClassDetails = (id: string) =>
  useQuery({ queryKey: classKeys.one(id), queryFn: ({ signal }) => apiFetch<ClassDetails>(classPath(id), { signal }), retry: false, staleTime: 0 });

export type TeacherCandidate = z.infer<typeof teacherCandidate>;

/** `GET /api/classes/teacher-candidates` (a new class) or `/api/classes/:id/teacher-candidates`. */
/** A parent's child's current classes (the child's page and its report cards). */
export const useChildClasses = (childId: string) =>
  useQuery({
    queryKey: classKeys.child(childId),
    queryFn: ({ signal }) => apiFetch<TablePage<ClassRow>>(`${CLASSES_PATH}?${new URLSearchParams({ childId }).toString()}`, { signal }),
  });

export const useTeacherCandidates = (classId: string | null) =>
  useQuery({
    queryKey: classKeys.teacherCandidates(classId),
    queryFn: ({ signal }) =>
      apiFetch<TeacherCandidate[]>(classId ? classPath(classId, 'teacher-candidates') : `${CLASSES_PATH}/teacher-candidates`, { signal }),
  });

export const useClassCourses = (id: string) =>
  useQuery({ queryKey: classKeys.courses(id), queryFn: ({ signal }) => apiFetch<ClassCourseRow[]>(classPath(id, 'courses'), { signal }) });

/** An invitation changes under the student's feet (joined, switched off, replaced): asked afresh on every visit. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: classKeys.invitation(token),
    queryFn: ({ signal }) => apiFetch<InvitationInfo>(`${CLASSES_PATH}/invitations/${encodeURIComponent(token)}`, { signal }),
    retry: false,
    staleTime: 0,
  });

export const createClassCall = (body: ClassFormValues) => apiFetch<ClassDetails>(CLASSES_PATH, { method: 'POST', body });
export const updateClassCall = (id: string, body: ClassFormValues & EditVersion) => apiFetch<ClassDetails>(classPath(id), { method: 'PUT', body });
export const archiveClassCall = (id: string, archived: boolean) => apiFetch<unknown>(classPath(id, 'archived'), { method: 'PATCH', body: { archived } });

export const switchJoinCall = (id: string, body: { codeEnabled?: boolean; linkEnabled?: boolean }) =>
  apiFetch<unknown>(classPath(id, 'join'), { method: 'PATCH', body });
export const regenerateJoinCall = (id: string, what: 'code' | 'link') =>
  apiFetch<Partial<ClassJoinInfo> | null>(classPath(id, 'join', 'regenerate'), { method: 'POST', body: { what } });

export const joinByCodeCall = (code: string) => apiFetch<JoinAnswer>(`${CLASSES_PATH}/join`, { method: 'POST', body: { code } });
export const acceptInvitationCall = (token: string) =>
  apiFetch<JoinAnswer>(`${CLASSES_PATH}/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' });

/** After a change to a class: its record, the list of classes and everything under it reload. */
export const invalidateClass = async (queryClient: QueryClient, id: string) => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: classKeys.one(id) }),
    queryClient.invalidateQueries({ queryKey: classKeys.table }),
    queryClient.invalidateQueries({ queryKey: classKeys.inClass(id) }),
  ]);
};
