import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@klase/core/roles';
import { jsonResponse } from '../../test/test-utils.tsx';
import { paths } from '../../config/paths.ts';
import { resetSessionStore } from '../../lib/session-store.ts';
import { CLASS_ID, COURSE_ID, QUIZ_ID, questionId, quizMaterial, routeFetch, savedQuestions, settingsFixture, writesOf } from '../../test/quizzes-test-data.ts';
import { renderQuizRoute } from './quizzes-test-kit.tsx';

// The prompt's rich text editor (tiptap) is replaced by a plain text area: these tests are about the question's own fields.
vi.mock('../../components/rich-text-editor.tsx', () => ({
  RichTextField: ({ label, value, onChange, error }: { label: string; value: string; onChange: (html: string) => void; error?: string | null }) => (
    <div>
      <textarea aria-label={label} defaultValue={value} onChange={(e) => onChange(e.currentTarget.value ? `<p>${e.currentTarget.value}</p>` : '')} />
      {error && <span role="alert">{error}</span>}
    </div>
  ),
}));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const base = `/api/materials/${QUIZ_ID}`;
let settings = settingsFixture();
let fetchMock: ReturnType<typeof routeFetch>;

const open = async () => {
  renderQuizRoute(paths.classQuizSettings.to(CLASS_ID, COURSE_ID, QUIZ_ID, 'questions'), ROLE.teacher);
  expect(await screen.findByText('2 questions, 3 points in total')).toBeInTheDocument();
};
const addQuestion = async (type: string) => {
  await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: type }));
  const dialog = await screen.findByRole('dialog', { name: `Add a question: ${type}` });
  // The prompt's editor is loaded lazily.
  await within(dialog).findByRole('textbox', { name: 'Question' });
  return dialog;
};
const save = (dialog: HTMLElement) => userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
const confirm = async (title: string) => userEvent.click(within(await screen.findByRole('dialog', { name: title })).getByRole('button', { name: 'Confirm' }));
const writes = () => writesOf(fetchMock);

beforeEach(() => {
  settings = settingsFixture();
  fetchMock = routeFetch({
    [`GET ${base}`]: () => jsonResponse(quizMaterial()),
    [`GET ${base}/quiz-settings`]: () => jsonResponse(settings),
    [`GET ${base}/questions`]: () => jsonResponse(savedQuestions()),
    [`POST ${base}/questions`]: (init) => jsonResponse({ id: questionId(9), position: 3, question: JSON.parse(String(init?.body)) }, 201),
    [`PUT ${base}/questions/${questionId(2)}`]: (init) =>
      jsonResponse({ id: questionId(2), position: 2, question: JSON.parse(String(init?.body)), regraded: 3 }),
    [`DELETE ${base}/questions/${questionId(1)}`]: () => jsonResponse({ code: 'QUIZ_HAS_ATTEMPTS', message: 'x' }, 409),
    [`PUT ${base}/questions/order`]: () => jsonResponse({ message: 'ok' }),
    [`POST ${base}/questions/${questionId(2)}/to-bank`]: () => jsonResponse({}, 201),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  resetSessionStore();
});

describe('question editor', () => {
  it('refuses a single-answer question with two correct choices and repeated choices, then saves it with random choice ids', async () => {
    await open();
    const dialog = await addQuestion('Multiple choice');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Which is a form of energy?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Choice 1' }), 'Heat');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Choice 2' }), ' heat ');
    // Two marked while "several" is on, then it is turned off: a single-answer question with two correct.
    const several = within(dialog).getByRole('switch', { name: /More than one answer is correct/ });
    await userEvent.click(several);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Choice 1 is correct' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Choice 2 is correct' }));
    await userEvent.click(several);
    await save(dialog);
    expect(await within(dialog).findByText('Mark exactly one correct answer.')).toBeInTheDocument();
    expect(within(dialog).getByText('This entry appears more than once.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Choice 2' })).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toHaveLength(0);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Choice 2' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Choice 2' }), 'Rock');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Choice 1 is correct' }));
    await save(dialog);
    await confirm('Add question');
    expect(await screen.findByText('Question added.')).toBeInTheDocument();
    const [post] = writes();
    expect(post!.call).toBe(`POST ${base}/questions`);
    const body = post!.body as { choices: { id: string; text: string }[]; correct: string[] };
    expect(body).toMatchObject({ type: 'multipleChoice', prompt: '<p>Which is a form of energy?</p>', points: 1, multiple: false });
    expect(body.choices.map((c) => c.text)).toEqual(['Heat', 'Rock']);
    for (const c of body.choices) expect(c.id).toMatch(UUID);
    expect(body.choices[0]!.id).not.toBe(body.choices[1]!.id);
    expect(body.correct).toEqual([body.choices[0]!.id]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for the answer of a true/false question and the prompt of an essay', async () => {
    await open();
    let dialog = await addQuestion('True or false');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'The sun is a star.');
    await save(dialog);
    expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes' })).getByRole('button', { name: 'Discard' }));

    dialog = await addQuestion('Essay');
    await save(dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This field is required.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Explain a dam.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Guidance for grading/ }), 'Mentions turbines.');
    await save(dialog);
    await confirm('Add question');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toEqual({ type: 'essay', prompt: '<p>Explain a dam.</p>', points: 1, guidance: 'Mentions turbines.' });
  });

  it('refuses repeated accepted answers unless capitals count', async () => {
    await open();
    const dialog = await addQuestion('Short answer');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Unit of energy?');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Accepted answer 1' }), 'Joule');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add accepted answer' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Accepted answer 2' }), 'joule');
    await save(dialog);
    expect(await within(dialog).findByText('This entry appears more than once.')).toBeInTheDocument();
    expect(writes()).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('switch', { name: /Capital letters must match/ }));
    await save(dialog);
    await confirm('Add question');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ type: 'shortAnswer', accepted: ['Joule', 'joule'], caseSensitive: true });
  });

  it('needs the numeric answer, and a matching question needs two pairs with different items', async () => {
    await open();
    let dialog = await addQuestion('Number');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'g in m/s²?');
    await save(dialog);
    expect(
      within(
        await within(dialog)
          .findByRole('textbox', { name: /^Correct answer/ })
          .then((el) => el.closest('.mantine-InputWrapper-root') as HTMLElement),
      ).getByText('This field is required.'),
    ).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Correct answer/ }), '9.8');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Tolerance/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Tolerance/ }), '0.1');
    await save(dialog);
    await confirm('Add question');
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.body).toMatchObject({ type: 'numeric', answer: 9.8, tolerance: 0.1 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await addQuestion('Matching');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Match them.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Item 1' }), 'Sun');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Match for item 1' }), 'Light');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove pair 2' }));
    await save(dialog);
    expect(await within(dialog).findByText('Add at least 2.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add pair' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Item 2' }), 'SUN');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Match for item 2' }), 'Heat');
    await save(dialog);
    expect(await within(dialog).findByText('This entry appears more than once.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Item 2' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Item 2' }), 'Stove');
    await save(dialog);
    await confirm('Add question');
    await waitFor(() => expect(writes()).toHaveLength(2));
    const pairs = (writes()[1]!.body as { pairs: { id: string; leftId: string; left: string; right: string }[] }).pairs;
    expect(pairs.map((p) => [p.left, p.right])).toEqual([
      ['Sun', 'Light'],
      ['Stove', 'Heat'],
    ]);
    const ids = pairs.flatMap((p) => [p.id, p.leftId]);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
  });

  it('says how many attempts a changed key regraded', async () => {
    settings = settingsFixture({ attemptCount: 3 });
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Edit question 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit question: True or false' });
    expect(within(dialog).getByRole('radio', { name: 'True' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'False' }));
    await save(dialog);
    const ask = await screen.findByRole('dialog', { name: 'Save question' });
    expect(ask).toHaveTextContent('3 attempts have been made. Saving a changed answer key regrades them.');
    await userEvent.click(within(ask).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('3 attempts regraded.')).toBeInTheDocument();
    expect(screen.getByText('Question saved.')).toBeInTheDocument();
    expect(writes()[0]).toEqual({
      call: `PUT ${base}/questions/${questionId(2)}`,
      body: { type: 'trueFalse', prompt: '<p>The sun gives light.</p>', points: 1, correct: false },
    });
  });
});

describe('questions list', () => {
  it('moves a question down with its button and keeps the order on the server', async () => {
    await open();
    const rows = screen.getAllByTestId('question-row');
    expect(rows[0]).toHaveTextContent('Which is a form of energy?');
    expect(screen.getByRole('button', { name: 'Move question 1 up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move question 1 down' }));
    await waitFor(() => expect(writes()).toEqual([{ call: `PUT ${base}/questions/order`, body: { questionIds: [questionId(2), questionId(1)] } }]));
    expect(screen.getByText('Question moved to position 2.')).toBeInTheDocument();
  });

  it('shows why a question cannot be deleted once students attempted the quiz', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Delete question 1' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete question' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Students have already attempted this quiz; this change is not allowed now.')).toBeInTheDocument();
    expect(writes()).toEqual([{ call: `DELETE ${base}/questions/${questionId(1)}`, body: undefined }]);
  });

  it('saves a question to the bank, and adds chosen bank questions filtered by type', async () => {
    const bankUrls: string[] = [];
    const bankRow = (n: number, prompt: string) => ({
      id: `88888888-8888-4888-8888-00000000000${n}`,
      type: 'trueFalse',
      question: { type: 'trueFalse', prompt, points: 1, correct: true },
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith(`/api/courses/${COURSE_ID}/question-bank?`)) {
        bankUrls.push(url);
        return jsonResponse({ data: [bankRow(1, '<p>Ice is cold.</p>'), bankRow(2, '<p>Fire is hot.</p>')], pagination: { page: 1, totalcount: 2 } });
      }
      if (init?.method === 'POST' && url === `${base}/questions/from-bank`) return jsonResponse([], 201);
      if (init?.method === 'POST' && url === `${base}/questions/${questionId(2)}/to-bank`) return jsonResponse({}, 201);
      if (url === base) return jsonResponse(quizMaterial());
      if (url === `${base}/quiz-settings`) return jsonResponse(settings);
      if (url === `${base}/questions`) return jsonResponse(savedQuestions());
      return jsonResponse({ code: 'NOT_FOUND', message: 'x' }, 404);
    });
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Save question 2 to the question bank' }));
    expect(await screen.findByText('Question saved to the question bank.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add from bank' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add from the question bank' });
    await within(dialog).findByRole('checkbox', { name: /Ice is cold/ });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Question type' }), 'True or false');
    await waitFor(() => expect(bankUrls.at(-1)).toContain('filter%5Bkey%5D=type&filter%5Bvalues%5D%5B%5D=trueFalse'));
    expect(within(dialog).getByRole('button', { name: 'Add to the quiz' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Ice is cold/ }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Fire is hot/ }));
    expect(within(dialog).getByText('2 chosen')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to the quiz' }));
    expect(await screen.findByText('2 questions added.')).toBeInTheDocument();
    expect(writesOf(fetchMock).at(-1)).toEqual({
      call: `POST ${base}/questions/from-bank`,
      body: { bankIds: ['88888888-8888-4888-8888-000000000001', '88888888-8888-4888-8888-000000000002'] },
    });
  });
});
