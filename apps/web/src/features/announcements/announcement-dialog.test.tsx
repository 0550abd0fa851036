import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AnnouncementOptions } from '@klase/core/announcements/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { announcementRow } from '../../test/announcement-fixtures.ts';
import { AnnouncementDialog } from './announcement-dialog.tsx';

// The body's rich text editor (tiptap) is replaced by a plain text area: these tests are about the announcement's own fields.
vi.mock('../../components/rich-text-editor.tsx', () => ({
  RichTextField: ({ label, value, onChange }: { label: string; value: string; onChange: (html: string) => void }) => (
    <textarea aria-label={label} defaultValue={value} onChange={(e) => onChange(e.currentTarget.value ? `<p>${e.currentTarget.value}</p>` : '')} />
  ),
}));

const CLASS_ID = '11111111-1111-4111-8111-111111111111';
const COURSE_ID = '22222222-2222-4222-8222-222222222222';
const OPTIONS: AnnouncementOptions = {
  audiences: ['class', 'course'],
  classes: [{ id: CLASS_ID, name: 'Grade 7 - Sampaguita' }],
  courses: [{ id: COURSE_ID, name: 'Science 7 · Grade 7 - Sampaguita', classId: CLASS_ID }],
};

const fetchMock = vi.fn<typeof fetch>();
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([u, init]) => ({ url: String(u), method: init?.method, body: JSON.parse(String(init?.body)) as unknown }));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u === '/api/announcements/options') return jsonResponse(OPTIONS);
    if (init?.method === 'POST' || init?.method === 'PUT') return jsonResponse(announcementRow(), init.method === 'POST' ? 201 : 200);
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const confirmIn = async (question: string) => {
  const dialog = (await screen.findByText(question)).closest<HTMLElement>('[role="dialog"]');
  await userEvent.click(within(dialog!).getByRole('button', { name: 'Confirm' }));
};

describe('AnnouncementDialog', () => {
  it('checks the fields with the shared schema before anything is sent, then publishes after a confirmation', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AnnouncementDialog announcement={null} onClose={onClose} />);
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(writes()).toEqual([]);

    await userEvent.type(title, 'Field trip on Friday');
    await userEvent.type(screen.getByRole('textbox', { name: 'Text' }), 'Bring water.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Class/ }), CLASS_ID);
    await userEvent.type(screen.getByRole('textbox', { name: 'Start date' }), '2026-03-06');
    await userEvent.type(screen.getByRole('textbox', { name: 'End date' }), '2026-03-05');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be after the opening time.')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await userEvent.clear(screen.getByRole('textbox', { name: 'End date' }));
    await userEvent.click(screen.getByRole('switch', { name: /Also send by email/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmIn('Publish this announcement?');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()).toEqual([
      {
        url: '/api/announcements',
        method: 'POST',
        body: expect.objectContaining({
          title: 'Field trip on Friday',
          bodyHtml: '<p>Bring water.</p>',
          audience: 'class',
          classId: CLASS_ID,
          courseId: null,
          endsAt: null,
          email: true,
        }) as unknown,
      },
    ]);
    expect(await screen.findByText('The announcement was published.')).toBeInTheDocument();
  });

  it('edits one: its values are filled in, the course select follows the audience, and the save goes to its id', async () => {
    const onClose = vi.fn();
    const row = announcementRow({ id: '33333333-3333-4333-8333-333333333333', audience: 'course', classId: CLASS_ID, courseId: COURSE_ID, canEdit: true });
    renderWithProviders(<AnnouncementDialog announcement={row} onClose={onClose} />);
    expect(await screen.findByRole('textbox', { name: /Title/ })).toHaveValue('Field trip on Friday');
    expect(screen.getByRole('combobox', { name: /Course/ })).toHaveValue(COURSE_ID);
    expect(screen.queryByRole('combobox', { name: /^Class/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'The whole school' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await confirmIn('Save the changes to this announcement?');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(writes()[0]).toMatchObject({ url: `/api/announcements/${row.id}`, method: 'PUT', body: { audience: 'course', courseId: COURSE_ID, classId: null } });
    expect(await screen.findByText('The announcement was saved.')).toBeInTheDocument();
  });
});
