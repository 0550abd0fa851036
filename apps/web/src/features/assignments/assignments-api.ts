import { useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivityGradesRequest,
  AssignmentSettings,
  AssignmentSettingsForm,
  FileInfo,
  GradeRequest,
  MySubmission,
  SubmissionDetails,
  SubmissionsAnswer,
} from '@klase/core/assignments/contracts';
import { SUBMISSION_FILE_FIELD } from '@klase/core/assignments/contracts';
import { apiFetch, uploadWithProgress } from '../../api/http.ts';
import { materialPath } from '../../api/materials-api.ts';
import type { EditVersion } from '@klase/core/edit-version';

/**
 * The assignment and activity calls (contracts: packages/core/src/assessments/assignments.ts).
 * Everything sits under `/api/materials/:materialId/...`.
 */

/** Whose work a student-side view reads: the signed-in student, or a parent's child. */
export type WorkOwner = { kind: 'self' } | { kind: 'child'; childId: string };

export const assignmentKeys = {
  all: ['assignments'] as const,
  material: (materialId: string) => ['assignments', materialId] as const,
  settings: (materialId: string) => ['assignments', materialId, 'settings'] as const,
  mine: (materialId: string, owner: WorkOwner) => ['assignments', materialId, 'mine', owner.kind === 'child' ? owner.childId : 'self'] as const,
  list: (materialId: string) => ['assignments', materialId, 'submissions'] as const,
  one: (materialId: string, studentId: string) => ['assignments', materialId, 'submissions', studentId] as const,
  activity: (materialId: string) => ['assignments', materialId, 'activity'] as const,
};

const mineQuery = (owner: WorkOwner) => (owner.kind === 'child' ? `?childId=${encodeURIComponent(owner.childId)}` : '');

export const useAssignmentSettings = (materialId: string, enabled = true) =>
  useQuery({
    queryKey: assignmentKeys.settings(materialId),
    queryFn: ({ signal }) => apiFetch<AssignmentSettings>(materialPath(materialId, 'assignment-settings'), { signal }),
    enabled: enabled && materialId !== '',
    retry: false,
    // An edit form: fetched again whenever it opens (a co-teacher may have saved since).
    refetchOnMount: 'always',
  });

/** The student's own work (or a parent's child's): assignments, and the grade of an activity. */
export const useMySubmission = (materialId: string, owner: WorkOwner | null) =>
  useQuery({
    queryKey: owner ? assignmentKeys.mine(materialId, owner) : ['assignments', materialId, 'mine', 'none'],
    queryFn: ({ signal }) => apiFetch<MySubmission>(`${materialPath(materialId, 'my-submission')}${owner ? mineQuery(owner) : ''}`, { signal }),
    enabled: owner !== null && materialId !== '',
    retry: false,
    staleTime: 0,
  });

export const useSubmissions = (materialId: string, enabled = true) =>
  useQuery({
    queryKey: assignmentKeys.list(materialId),
    queryFn: ({ signal }) => apiFetch<SubmissionsAnswer>(materialPath(materialId, 'submissions'), { signal }),
    enabled: enabled && materialId !== '',
    retry: false,
    staleTime: 0,
  });

export const useSubmissionDetails = (materialId: string, studentId: string) =>
  useQuery({
    queryKey: assignmentKeys.one(materialId, studentId),
    queryFn: ({ signal }) => apiFetch<SubmissionDetails>(materialPath(materialId, 'submissions', studentId), { signal }),
    enabled: materialId !== '' && studentId !== '',
    retry: false,
    staleTime: 0,
  });

export const useActivityGrades = (materialId: string, enabled = true) =>
  useQuery({
    queryKey: assignmentKeys.activity(materialId),
    queryFn: ({ signal }) => apiFetch<SubmissionsAnswer>(materialPath(materialId, 'activity-grades'), { signal }),
    enabled: enabled && materialId !== '',
    retry: false,
    staleTime: 0,
  });

/** Streams one file to `path` (multipart field `file`) with progress. */
export const uploadFileTo = (path: string, file: File, onProgress: (percent: number) => void) => {
  const data = new FormData();
  data.append(SUBMISSION_FILE_FIELD, file, file.name);
  return uploadWithProgress<FileInfo>(path, data, onProgress);
};

/** The ZIP of every submitted file (a plain download link). */
export const submissionsZipUrl = (materialId: string) => `${materialPath(materialId)}/submissions.zip`;

export const assignmentCalls = {
  saveSettings: (materialId: string, body: AssignmentSettingsForm & EditVersion) =>
    apiFetch<AssignmentSettings>(materialPath(materialId, 'assignment-settings'), { method: 'PUT', body }),
  addAttachment: (materialId: string, file: File, onProgress: (percent: number) => void) =>
    uploadFileTo(materialPath(materialId, 'attachments'), file, onProgress),
  removeAttachment: (materialId: string, fileId: string) => apiFetch<unknown>(materialPath(materialId, 'attachments', fileId), { method: 'DELETE' }),
  saveDraft: (materialId: string, textHtml: string) => apiFetch<MySubmission>(materialPath(materialId, 'my-submission'), { method: 'PUT', body: { textHtml } }),
  addWorkFile: (materialId: string, file: File, onProgress: (percent: number) => void) =>
    uploadFileTo(materialPath(materialId, 'my-submission', 'files'), file, onProgress),
  removeWorkFile: (materialId: string, fileId: string) => apiFetch<unknown>(materialPath(materialId, 'my-submission', 'files', fileId), { method: 'DELETE' }),
  submit: (materialId: string) => apiFetch<MySubmission>(materialPath(materialId, 'my-submission', 'submit'), { method: 'POST' }),
  grade: (materialId: string, studentId: string, body: GradeRequest) =>
    apiFetch<SubmissionDetails>(materialPath(materialId, 'submissions', studentId, 'grade'), { method: 'PUT', body }),
  addFeedbackFile: (materialId: string, studentId: string, file: File, onProgress: (percent: number) => void) =>
    uploadFileTo(materialPath(materialId, 'submissions', studentId, 'feedback-files'), file, onProgress),
  removeFeedbackFile: (materialId: string, studentId: string, fileId: string) =>
    apiFetch<unknown>(materialPath(materialId, 'submissions', studentId, 'feedback-files', fileId), { method: 'DELETE' }),
  saveActivityGrades: (materialId: string, body: ActivityGradesRequest) =>
    apiFetch<SubmissionsAnswer>(materialPath(materialId, 'activity-grades'), { method: 'PUT', body }),
};

/**
 * After work or a grade changed: every assignment query of the material, and the course pages
 * (the journey's completion ticks and the dashboard lists follow submissions and grades).
 */
export const useInvalidateWork = () => {
  const queryClient = useQueryClient();
  return (materialId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assignmentKeys.material(materialId) }),
      queryClient.invalidateQueries({ queryKey: ['courses'] }),
      queryClient.invalidateQueries({ queryKey: ['materials'] }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
};
