// The state of a quiz attempt in progress (attempt-page.tsx draws it): answers kept on the device
// and saved, the clock, submitting, which question is shown.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, PublicQuestion } from '@klase/core/quizzes/questions';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { useErrorMessage } from '../../components/error-text.tsx';
import { isApiError } from '../../api/http.ts';
import { useSession } from '../../lib/session-store.ts';
import { unsentStore, type UnsentStore } from '../../lib/unsent.ts';
import { paths } from '../../config/paths.ts';
import { isAnswered, type SaveKind } from './answer-inputs.tsx';
import { AnswerSaver, TEXT_SAVE_DELAY_MS, type SaveStatus } from './answer-saver.ts';
import { quizKeys, saveAnswerCall, submitAttemptCall, type LoadedAttempt } from './quizzes-api.ts';
import { useCountdown, type CountdownClock } from './use-countdown.ts';

/** What the result page says on arrival (router state). */
export type ResultNotice = 'submitted' | 'timeUp' | 'finished';

export const useResultHref = () => {
  const { id = '', courseId = '', materialId = '', attemptId = '' } = useParams();
  return paths.classQuizAttemptResult.to(id, courseId, materialId, attemptId);
};

/** The answers of this attempt not on the server yet, kept on this device for the signed-in student. */
export const useUnsentAnswers = (attemptId: string) => {
  const userId = useSession((s) => s.profile?.id ?? '');
  const [store] = useState(() => unsentStore<AnswerValue>(`quiz.${userId}.${attemptId}`));
  return store;
};

/** One saver per attempt; its status drives the "Saved" line. Answers a closed page could not send go first. */
export const useAnswerSaver = (attemptId: string, store: UnsentStore<AnswerValue>) => {
  const [saver] = useState(() => new AnswerSaver({ save: (questionId, value) => saveAnswerCall(attemptId, questionId, value), store }));
  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot);
  useEffect(() => {
    for (const [questionId, value] of Object.entries(store.all())) saver.queue(questionId, value, 0);
  }, [saver, store]);
  useEffect(() => {
    // Back online: retry at once; leaving the page (or closing it with answers unsaved).
    const online = () => saver.retryNow();
    const unload = (e: BeforeUnloadEvent) => {
      if (saver.hasUnsaved()) e.preventDefault();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', unload);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', unload);
      saver.dispose();
    };
  }, [saver]);
  return { saver, snapshot };
};

/** Submitting the attempt (after saving every answer) and leaving for its result, also when the server closed it. */
export const useAttemptSubmit = (attempt: LoadedAttempt, saver: AnswerSaver, status: SaveStatus) => {
  const { t } = useTranslation('quizzes');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorMessage = useErrorMessage();
  const resultHref = useResultHref();
  const { materialId = '' } = useParams();
  const [problem, setProblem] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submitted = useRef(false);

  // The server closed the attempt (its time ran out elsewhere): on to the result.
  useEffect(() => {
    if (status === 'finished' && !submitted.current) {
      submitted.current = true;
      void navigate(resultHref, { replace: true, state: { notice: 'finished' satisfies ResultNotice } });
    }
  }, [status, navigate, resultHref]);

  const fail = (message: string) => {
    submitted.current = false;
    setSubmitting(false);
    setProblem(message);
  };

  const submit = async (notice: 'submitted' | 'timeUp') => {
    if (submitted.current) return;
    submitted.current = true;
    setSubmitting(true);
    setProblem(null);
    const saved = await saver.flush();
    // Out of time the server submits what it has anyway; otherwise unsaved answers stop the submit.
    if (!saved && notice === 'submitted') return fail(t('attempt.notSavedYet'));
    try {
      const result = await submitAttemptCall(attempt.id);
      queryClient.setQueryData(quizKeys.result(attempt.id), result);
    } catch (e) {
      if (!(isApiError(e) && e.code === 'ATTEMPT_FINISHED') && notice === 'submitted') return fail(errorMessage(e));
    }
    await queryClient.invalidateQueries({ queryKey: quizKeys.quiz(materialId) });
    void navigate(resultHref, { replace: true, state: { notice } });
  };
  return { submit, submitting, problem };
};

/** The question shown one at a time, and the heading that takes the focus after a pick (in either layout). */
export const useQuestionPicker = (mode: 'one' | 'all') => {
  const [current, setCurrent] = useState(0);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    headings.current.get(focusNext.current)?.focus();
    focusNext.current = null;
  });
  const pick = (i: number) => {
    focusNext.current = i;
    if (mode === 'one') setCurrent(i);
    else headings.current.get(i)?.scrollIntoView({ block: 'start' });
  };
  const headingRef = (i: number) => (el: HTMLHeadingElement | null) => {
    if (el) headings.current.set(i, el);
    else headings.current.delete(i);
  };
  return { current, pick, headingRef };
};

/** The answers as typed or picked, each queued for saving as it changes. */
export const useAnswers = (attempt: LoadedAttempt, saver: AnswerSaver, unsent: UnsentStore<AnswerValue>) => {
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(() => ({ ...attempt.answers, ...unsent.all() }));
  const change = (questionId: string, value: AnswerValue, kind: SaveKind) => {
    setAnswers((a) => ({ ...a, [questionId]: value }));
    saver.queue(questionId, value, kind === 'typed' ? TEXT_SAVE_DELAY_MS : 0);
  };
  return { answers, change };
};

/** The time left (null without a time limit); a polite line says the minutes left, zero submits. */
export const useAttemptClock = (attempt: LoadedAttempt, onZero: () => void) => {
  const { t } = useTranslation('quizzes');
  const [announcement, setAnnouncement] = useState('');
  const clock = useMemo<CountdownClock | null>(
    () => (attempt.deadlineAt ? { deadlineAt: attempt.deadlineAt, serverNow: attempt.serverNow, receivedAt: attempt.receivedAt } : null),
    [attempt.deadlineAt, attempt.serverNow, attempt.receivedAt],
  );
  const left = useCountdown(clock, {
    onMinutes: (minutes) => setAnnouncement(t('attempt.minutesLeft', { count: minutes })),
    onZero,
  });
  return { left, announcement };
};

/** Submit asks first, listing the questions still unanswered. */
export const useAskSubmit = (questions: PublicQuestion[], answers: Record<string, AnswerValue>, submit: (notice: 'submitted') => Promise<unknown>) => {
  const { t } = useTranslation('quizzes');
  const confirm = useConfirm();
  return async () => {
    const unanswered = questions.flatMap((q, i) => (isAnswered(q, answers[q.id]) ? [] : [i + 1]));
    const ok = await confirm({
      title: t('attempt.submitTitle'),
      message: (
        <Stack gap="xs">
          <Text>{unanswered.length ? t('attempt.unanswered', { count: unanswered.length, list: unanswered.join(', ') }) : t('attempt.allAnswered')}</Text>
          <Text>{t('attempt.submitFinal')}</Text>
        </Stack>
      ),
      confirmLabel: t('attempt.submit'),
    });
    if (ok) await submit('submitted');
  };
};
