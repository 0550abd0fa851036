import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CourseDetails } from '@klase/core/courses/contracts';
import type { Journey, MaterialDetails, MaterialForm, UploadAnswer } from '@klase/core/materials/contracts';
import { apiFetch, uploadWithProgress } from './http.ts';
import { courseKeys, invalidateCourseScope } from './courses-api.ts';
import type { EditVersion } from '@klase/core/edit-version';

/** `/api/courses/...` and `/api/materials/...` as the material pages call them. */
const seg = encodeURIComponent;
export const coursePath = (...parts: string[]) => ['/api/courses', ...parts.map(seg)].join('/');
export const materialPath = (...parts: string[]) => ['/api/materials', ...parts.map(seg)].join('/');
export const MY_MATERIALS_PATH = '/api/materials';

/** Whose journey: the signed-in student, a parent's child, or the teacher's preview ("student mode"). */
export type JourneyFor = { kind: 'self' } | { kind: 'child'; childId: string } | { kind: 'preview' };

const journeyQueryString = (who: JourneyFor) => (who.kind === 'preview' ? '?as=student' : who.kind === 'child' ? `?childId=${seg(who.childId)}` : '');

/** Query keys. The journey sits under `courses`, so invalidating `['courses']` refreshes it too. */
export const materialKeys = {
  all: ['materials'] as const,
  table: ['materials', 'table'] as const,
  one: (materialId: string) => ['materials', 'one', materialId] as const,
  journey: (courseId: string, who: JourneyFor) => ['courses', 'in', courseId, 'journey', who.kind, who.kind === 'child' ? who.childId : ''] as const,
};

export const useMaterial = (materialId: string, enabled = true) =>
  useQuery({
    queryKey: materialKeys.one(materialId),
    queryFn: ({ signal }) => apiFetch<MaterialDetails>(materialPath(materialId), { signal }),
    enabled: enabled && materialId !== '',
    retry: false,
    staleTime: 0,
  });

/** The course with every element and material the caller may see (staff: all of them); shared with the course pages. */
export const useCourseDetails = (classId: string | null, courseId: string, enabled = true) =>
  useQuery({
    queryKey: courseKeys.one(classId, courseId),
    queryFn: ({ signal }) => apiFetch<CourseDetails>(coursePath(courseId), { signal }),
    enabled,
    retry: false,
  });

export const useJourney = (courseId: string, who: JourneyFor | null) =>
  useQuery({
    queryKey: who ? materialKeys.journey(courseId, who) : ['courses', 'in', courseId, 'journey', 'none'],
    queryFn: ({ signal }) => apiFetch<Journey>(`${coursePath(courseId, 'journey')}${who ? journeyQueryString(who) : ''}`, { signal }),
    enabled: who !== null,
    retry: false,
    staleTime: 0,
  });

export const createMaterialCall = (courseId: string, elementId: string, body: MaterialForm) =>
  apiFetch<MaterialDetails>(coursePath(courseId, 'elements', elementId, 'materials'), { method: 'POST', body });
export const updateMaterialCall = (materialId: string, body: MaterialForm & EditVersion) =>
  apiFetch<MaterialDetails>(materialPath(materialId), { method: 'PUT', body });

/** Streams one file to the course's uploads with progress; the answer's `uploadId` goes into the form. */
export const uploadMaterialFile = (courseId: string, file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append('file', file, file.name);
  return uploadWithProgress<UploadAnswer>(coursePath(courseId, 'uploads'), data, onProgress);
};

/** A student opened a material: record the visit; the answer carries the updated journey. */
export const viewMaterialCall = (materialId: string) =>
  apiFetch<{ completedAt: string | null; journey: Journey }>(materialPath(materialId, 'view'), { method: 'POST' });

/** After a material changed: its record, the course pages, #/materials and the class's (or the catalogue's) lists. */
export const invalidateAfterMaterialChange = async (queryClient: QueryClient, classId: string | null) => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['courses'] }),
    queryClient.invalidateQueries({ queryKey: materialKeys.all }),
    invalidateCourseScope(queryClient, classId),
  ]);
};

export const useInvalidateAfterMaterialChange = (classId: string | null) => {
  const queryClient = useQueryClient();
  return () => invalidateAfterMaterialChange(queryClient, classId);
};
