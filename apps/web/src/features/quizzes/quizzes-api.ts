import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerValue, QuestionForm, QuestionType } from '@klase/core/quizzes/questions';
import type { QuizSettings } from '@klase/core/quizzes/quiz-settings';
import type {
  AttemptResult,
  AttemptView,
  BankQuestion,
  QuizOverview,
  QuizResults,
  QuizSettingsAnswer,
  QuizStats,
  TeacherQuestion,
} from '@klase/core/quizzes/contracts';
import { encodeTableQuery, type TablePage } from '@klase/core/table';
import { apiFetch } from '../../api/http.ts';
import { materialKeys } from '../../api/materials-api.ts';
import type { EditVersion } from '@klase/core/edit-version';

/** The quiz routes of the API (packages/core/src/assessments/quizzes.ts), as the quiz pages call them. */
const seg = encodeURIComponent;
const under =
  (base: string) =>
  (...parts: string[]) =>
    [base, ...parts.map(seg)].join('/');
const material = under('/api/materials');
const attempt = under('/api/attempts');
const bank = (courseId: string, ...rest: string[]) => under('/api/courses')(courseId, 'question-bank', ...rest);

export const quizPaths = {
  settings: (materialId: string) => material(materialId, 'quiz-settings'),
  questions: (materialId: string) => material(materialId, 'questions'),
  question: (materialId: string, questionId: string) => material(materialId, 'questions', questionId),
  order: (materialId: string) => material(materialId, 'questions', 'order'),
  fromBank: (materialId: string) => material(materialId, 'questions', 'from-bank'),
  toBank: (materialId: string, questionId: string) => material(materialId, 'questions', questionId, 'to-bank'),
  bank: (courseId: string) => bank(courseId),
  bankItem: (courseId: string, bankId: string) => bank(courseId, bankId),
  overview: (materialId: string, childId: string | null) => `${material(materialId, 'quiz')}${childId ? `?childId=${seg(childId)}` : ''}`,
  attempts: (materialId: string) => material(materialId, 'attempts'),
  attempt: (attemptId: string) => attempt(attemptId),
  answer: (attemptId: string, questionId: string) => attempt(attemptId, 'answers', questionId),
  submit: (attemptId: string) => attempt(attemptId, 'submit'),
  result: (attemptId: string) => attempt(attemptId, 'result'),
  grade: (attemptId: string, questionId: string) => attempt(attemptId, 'answers', questionId, 'grade'),
  results: (materialId: string) => material(materialId, 'quiz-results'),
  stats: (materialId: string) => material(materialId, 'quiz-stats'),
};

/** Query keys: everything of one quiz sits under `['quizzes', materialId]`. */
export const quizKeys = {
  all: ['quizzes'] as const,
  quiz: (materialId: string) => ['quizzes', materialId] as const,
  settings: (materialId: string) => ['quizzes', materialId, 'settings'] as const,
  questions: (materialId: string) => ['quizzes', materialId, 'questions'] as const,
  overview: (materialId: string, childId: string | null) => ['quizzes', materialId, 'overview', childId ?? 'self'] as const,
  results: (materialId: string) => ['quizzes', materialId, 'results'] as const,
  stats: (materialId: string) => ['quizzes', materialId, 'stats'] as const,
  attempt: (attemptId: string) => ['quizzes', 'attempt', attemptId] as const,
  result: (attemptId: string) => ['quizzes', 'attempt', attemptId, 'result'] as const,
  bank: (courseId: string) => ['quizzes', 'bank', courseId] as const,
};

const once = { retry: false, staleTime: 0 } as const;

export const useQuizSettings = (materialId: string, enabled = true) =>
  useQuery({
    queryKey: quizKeys.settings(materialId),
    queryFn: ({ signal }) => apiFetch<QuizSettingsAnswer>(quizPaths.settings(materialId), { signal }),
    enabled,
    ...once,
  });

/** The teacher's questions, in their order. */
export const useQuestions = (materialId: string) =>
  useQuery({
    queryKey: quizKeys.questions(materialId),
    queryFn: async ({ signal }) => (await apiFetch<TeacherQuestion[]>(quizPaths.questions(materialId), { signal })).toSorted((a, b) => a.position - b.position),
    ...once,
  });

/** The quiz page of a student, or (childId) of a parent's child. */
export const useQuizOverview = (materialId: string, childId: string | null, enabled = true) =>
  useQuery({
    queryKey: quizKeys.overview(materialId, childId),
    queryFn: ({ signal }) => apiFetch<QuizOverview>(quizPaths.overview(materialId, childId), { signal }),
    enabled,
    ...once,
  });

/** An attempt as the page keeps it: with the device's clock when it arrived (the timer counts from the server's). */
export type LoadedAttempt = AttemptView & { receivedAt: number };
export const withReceivedAt = (view: AttemptView): LoadedAttempt => ({ ...view, receivedAt: Date.now() });

/**
 * The attempt being taken. Read once: the page keeps the answers from then on (a refetch on
 * focus would overwrite what is typed but not saved yet).
 */
export const useAttempt = (attemptId: string) =>
  useQuery({
    queryKey: quizKeys.attempt(attemptId),
    queryFn: async ({ signal }) => withReceivedAt(await apiFetch<AttemptView>(quizPaths.attempt(attemptId), { signal })),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const useAttemptResult = (attemptId: string) =>
  useQuery({
    queryKey: quizKeys.result(attemptId),
    queryFn: ({ signal }) => apiFetch<AttemptResult>(quizPaths.result(attemptId), { signal }),
    ...once,
  });

export const useQuizResults = (materialId: string) =>
  useQuery({ queryKey: quizKeys.results(materialId), queryFn: ({ signal }) => apiFetch<QuizResults>(quizPaths.results(materialId), { signal }), ...once });

export const useQuizStats = (materialId: string) =>
  useQuery({ queryKey: quizKeys.stats(materialId), queryFn: ({ signal }) => apiFetch<QuizStats>(quizPaths.stats(materialId), { signal }), ...once });

/** The course's question bank, filtered by type and searched in the prompt (the table query of the API). */
export const useQuestionBank = (courseId: string, filter: { type: QuestionType | null; search: string }, enabled: boolean) =>
  useQuery({
    queryKey: [...quizKeys.bank(courseId), filter.type ?? 'all', filter.search],
    queryFn: ({ signal }) => {
      const query = encodeTableQuery({ sortOrder: 'desc', search: filter.search, filter: filter.type ? { key: 'type', values: [filter.type] } : undefined });
      return apiFetch<TablePage<BankQuestion>>(`${quizPaths.bank(courseId)}?${query.toString()}`, { signal });
    },
    enabled,
    ...once,
  });

// ---------------------------------------------------------------------------------------------
// Writes

export const saveSettingsCall = (materialId: string, body: QuizSettings & EditVersion) =>
  apiFetch<QuizSettingsAnswer>(quizPaths.settings(materialId), { method: 'PUT', body });

export type QuestionSaveAnswer = TeacherQuestion & { regraded: number };
export const createQuestionCall = (materialId: string, body: QuestionForm) =>
  apiFetch<TeacherQuestion>(quizPaths.questions(materialId), { method: 'POST', body });
export const updateQuestionCall = (materialId: string, questionId: string, body: QuestionForm) =>
  apiFetch<QuestionSaveAnswer>(quizPaths.question(materialId, questionId), { method: 'PUT', body });
export const deleteQuestionCall = (materialId: string, questionId: string) =>
  apiFetch<unknown>(quizPaths.question(materialId, questionId), { method: 'DELETE' });
export const reorderQuestionsCall = (materialId: string, questionIds: string[]) =>
  apiFetch<unknown>(quizPaths.order(materialId), { method: 'PUT', body: { questionIds } });
export const fromBankCall = (materialId: string, bankIds: string[]) => apiFetch<unknown>(quizPaths.fromBank(materialId), { method: 'POST', body: { bankIds } });
export const toBankCall = (materialId: string, questionId: string) => apiFetch<unknown>(quizPaths.toBank(materialId, questionId), { method: 'POST' });
export const deleteBankCall = (courseId: string, bankId: string) => apiFetch<unknown>(quizPaths.bankItem(courseId, bankId), { method: 'DELETE' });

export const startAttemptCall = (materialId: string) => apiFetch<AttemptView>(quizPaths.attempts(materialId), { method: 'POST' });
export const saveAnswerCall = (attemptId: string, questionId: string, body: AnswerValue) =>
  apiFetch<{ savedAt: string }>(quizPaths.answer(attemptId, questionId), { method: 'PUT', body });
export const submitAttemptCall = (attemptId: string) => apiFetch<AttemptResult>(quizPaths.submit(attemptId), { method: 'POST' });
export const gradeAnswerCall = (attemptId: string, questionId: string, body: { points: number; feedback: string }) =>
  apiFetch<unknown>(quizPaths.grade(attemptId, questionId), { method: 'PUT', body });

/** After a change of the quiz's questions or settings: everything cached about it. */
export const useInvalidateQuiz = (materialId: string) => {
  const queryClient = useQueryClient();
  // The material's maximum points follow the questions' total.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: quizKeys.quiz(materialId) }),
      queryClient.invalidateQueries({ queryKey: materialKeys.one(materialId) }),
    ]);
};
