import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassCourseRow,
  GroupDetails,
  GroupForm,
  GroupSplitRequest,
  ProgressDetails,
  SaveGeneratedRequest,
  SplitPreview,
} from '@klase/core/class-work/contracts';
import { apiFetch } from '../../api/http.ts';
import { classKeys, classPath } from '../../api/class-api.ts';

/**
 * Groups, progress and materials of one class (`/api/classes/:id/...`). Every key lives under
 * `classKeys.inClass(id)`, so a roster change (which the students tab invalidates) refreshes them too.
 */
export const workKeys = {
  groups: (classId: string) => [...classKeys.inClass(classId), 'groups'] as const,
  group: (classId: string, groupId: string) => [...classKeys.inClass(classId), 'groups', 'one', groupId] as const,
  members: (classId: string) => [...classKeys.inClass(classId), 'group-member-choices'] as const,
  progress: (classId: string) => [...classKeys.inClass(classId), 'progress'] as const,
  progressOf: (classId: string, studentId: string) => [...classKeys.inClass(classId), 'progress', 'student', studentId] as const,
  materials: (classId: string) => [...classKeys.inClass(classId), 'materials'] as const,
  courses: (classId: string) => [...classKeys.inClass(classId), 'courses'] as const,
};

export const groupsPath = (classId: string, ...rest: string[]) => classPath(classId, 'groups', ...rest);

export const useGroupQuery = (classId: string, groupId: string) =>
  useQuery({
    queryKey: workKeys.group(classId, groupId),
    queryFn: ({ signal }) => apiFetch<GroupDetails>(groupsPath(classId, groupId), { signal }),
    retry: false,
  });

export const createGroupCall = (classId: string, body: GroupForm) => apiFetch<GroupDetails>(groupsPath(classId), { method: 'POST', body });
export const updateGroupCall = (classId: string, groupId: string, body: GroupForm) =>
  apiFetch<GroupDetails>(groupsPath(classId, groupId), { method: 'PUT', body });
export const deleteGroupCall = (classId: string, groupId: string) => apiFetch<{ message: string }>(groupsPath(classId, groupId), { method: 'DELETE' });
export const previewSplitCall = (classId: string, body: GroupSplitRequest) => apiFetch<SplitPreview>(groupsPath(classId, 'preview'), { method: 'POST', body });
export const saveGeneratedCall = (classId: string, body: SaveGeneratedRequest) =>
  apiFetch<{ created: number; message: string }>(groupsPath(classId, 'generated'), { method: 'POST', body });

/** After a group changes: the groups table, the group itself and the students' group names. */
export const useRefreshClassWork = (classId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: classKeys.inClass(classId) });
};

export const useProgressDetails = (classId: string, studentId: string) =>
  useQuery({
    queryKey: workKeys.progressOf(classId, studentId),
    queryFn: ({ signal }) => apiFetch<ProgressDetails>(classPath(classId, 'progress', studentId), { signal }),
    enabled: studentId !== '',
    retry: false,
  });

export const useClassCourses = (classId: string) =>
  useQuery({
    queryKey: workKeys.courses(classId),
    queryFn: ({ signal }) => apiFetch<ClassCourseRow[]>(classPath(classId, 'courses'), { signal }),
  });
