import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ClassStudentDetails,
  ClassTeacherDetails,
  StudentCandidate,
  StudentPasswordAnswer,
  addStudentsAnswer,
  classTeachersAnswer,
} from '@klase/core/classes/contracts';
import { apiFetch } from '../../api/http.ts';
import { classKeys, classPath } from '../../api/class-api.ts';

/**
 * The class list's calls: `/api/classes/:id/students` (table, candidates, add, remove, one
 * student, password) and `/api/classes/:id/teachers`. Every key sits under `classKeys.inClass`,
 * so a roster change reloads whatever else of the class shows students.
 */
export type ClassTeacherEntry = z.infer<typeof classTeachersAnswer>[number];
type AddStudentsAnswer = z.infer<typeof addStudentsAnswer>;
type MessageAnswer = { message?: string };

export const rosterKeys = {
  students: (id: string) => [...classKeys.inClass(id), 'students'] as const,
  student: (id: string, studentId: string) => [...classKeys.inClass(id), 'student', studentId] as const,
  candidates: (id: string, search: string) => [...classKeys.inClass(id), 'candidates', search] as const,
  teachers: (id: string) => [...classKeys.inClass(id), 'teachers'] as const,
  teacher: (id: string, teacherId: string) => [...classKeys.inClass(id), 'teacher', teacherId] as const,
};

export const studentsPath = (id: string) => classPath(id, 'students');

export const useClassTeachers = (id: string) =>
  useQuery({
    queryKey: rosterKeys.teachers(id),
    queryFn: ({ signal }) => apiFetch<ClassTeacherEntry[]>(classPath(id, 'teachers'), { signal }),
    retry: false,
  });

export const useClassTeacher = (id: string, teacherId: string) =>
  useQuery({
    queryKey: rosterKeys.teacher(id, teacherId),
    queryFn: ({ signal }) => apiFetch<ClassTeacherDetails>(classPath(id, 'teachers', teacherId), { signal }),
    retry: false,
  });

export const useClassStudent = (id: string, studentId: string) =>
  useQuery({
    queryKey: rosterKeys.student(id, studentId),
    queryFn: ({ signal }) => apiFetch<ClassStudentDetails>(classPath(id, 'students', studentId), { signal }),
    retry: false,
  });

/** Students of the class's school who are not enrolled yet (at most CANDIDATES_LIMIT). */
export const useStudentCandidates = (id: string, search: string, enabled: boolean) =>
  useQuery({
    queryKey: rosterKeys.candidates(id, search),
    queryFn: ({ signal }) =>
      apiFetch<StudentCandidate[]>(`${classPath(id, 'students', 'candidates')}?${new URLSearchParams({ search }).toString()}`, { signal }),
    enabled,
    placeholderData: (prev) => prev,
  });

export const addStudentsCall = (id: string, studentIds: string[]) => apiFetch<AddStudentsAnswer>(studentsPath(id), { method: 'POST', body: { studentIds } });

export const removeStudentCall = (id: string, studentId: string) =>
  apiFetch<MessageAnswer | undefined>(classPath(id, 'students', studentId), { method: 'DELETE' });

export const studentPasswordCall = (id: string, studentId: string, mode: 'generate' | 'email') =>
  apiFetch<StudentPasswordAnswer>(classPath(id, 'students', studentId, 'password'), { method: 'POST', body: { mode } });
