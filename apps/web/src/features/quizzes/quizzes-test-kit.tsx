import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { RoleId } from '@klase/core/roles';
import { renderWithProviders } from '../../test/test-utils.tsx';
import { paths } from '../../config/paths.ts';
import { setSessionState } from '../../lib/session-store.ts';
import { sessionFixture } from '../../test/test-session.ts';
import { AttemptPage } from './attempt-page.tsx';
import { AttemptResultPage } from './attempt-result-page.tsx';
import { QuizPanel, type QuizPanelProps } from './quiz-panel.tsx';
import { QuizResultsPage } from './quiz-results-page.tsx';
import { QuizSettingsPage } from './quiz-settings-page.tsx';

/** Where a test landed, with the notice the page was sent (router state). */
const Landed = ({ name }: { name: string }) => {
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  return <p>{`${name}${notice ? ` (${notice})` : ''}`}</p>;
};

const signIn = (roleId: RoleId, selectedChildId: string | null) =>
  setSessionState({ status: 'authenticated', profile: sessionFixture({ roleId }).profile, selectedChildId });

/** Signs in with `roleId` and renders the quiz routes at `path`. */
export const renderQuizRoute = (path: string, roleId: RoleId) => {
  signIn(roleId, null);
  const router = createMemoryRouter(
    [
      { path: paths.classQuizSettings.pattern, element: <QuizSettingsPage /> },
      { path: paths.classQuizAttempt.pattern, element: <AttemptPage /> },
      { path: paths.classQuizAttemptResult.pattern, element: <AttemptResultPage /> },
      { path: paths.classQuizResults.pattern, element: <QuizResultsPage /> },
      { path: paths.classCourseElement.pattern, element: <Landed name="material page" /> },
      { path: '/not-found', element: <Landed name="not found page" /> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
};

/** Signs in with `roleId` (a parent with their chosen child) and renders the quiz panel of the material, with the pages it links to. */
export const renderQuizPanel = (props: QuizPanelProps, roleId: RoleId, selectedChildId: string | null = null) => {
  signIn(roleId, selectedChildId);
  const router = createMemoryRouter(
    [
      { path: '/', element: <QuizPanel {...props} /> },
      { path: paths.classQuizAttempt.pattern, element: <Landed name="attempt page" /> },
      { path: paths.classQuizAttemptResult.pattern, element: <Landed name="result page" /> },
      { path: paths.classQuizSettings.pattern, element: <Landed name="settings page" /> },
      { path: paths.classQuizResults.pattern, element: <Landed name="results page" /> },
    ],
    { initialEntries: ['/'] },
  );
  return { router, ...renderWithProviders(<RouterProvider router={router} />) };
};
