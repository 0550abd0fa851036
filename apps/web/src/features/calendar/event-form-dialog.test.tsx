import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CalendarOptions, EventDetails } from '@klase/core/calendar/contracts';
import { jsonResponse, renderWithProviders } from '../../test/test-utils.tsx';
import { EventFormDialog } from './event-form-dialog.tsx';
import { occurrenceFixture } from './calendar-test-data.ts';

const CLASS_ID = '11111111-1111-4111-8111-111111111111';
const OPTIONS: CalendarOptions = {
  types: ['class', 'user'],
  classes: [{ id: CLASS_ID, name: 'Grade 7 - Sampaguita' }],
  courses: [],
  groups: [],
  timeZone: 'Asia/Manila',
};

/** A weekly class series of 5 on Mondays at 08:00 for an hour. */
const SERIES: EventDetails = {
  id: 'ev1',
  form: {
    title: 'Homeroom',
    description: '',
    location: 'Room 4',
    meetingUrl: '',
    date: '2026-03-02',
    allDay: false,
    time: '08:00',
    durationMinutes: 60,
    type: 'class',
    classId: CLASS_ID,
    courseId: null,
    groupId: null,
    repeat: 'weekly',
    count: 5,
    until: null,
  },
  canEdit: true,
  timeZone: 'Asia/Manila',
};

const THIRD = occurrenceFixture({
  occurrence: '2026-03-16T08:00',
  location: 'Room 4',
  start: '2026-03-16T08:00',
  end: '2026-03-16T09:00',
  repeat: 'weekly',
  context: { classId: CLASS_ID, className: 'Grade 7 - Sampaguita', courseId: null, courseName: null, groupId: null, groupName: null },
  canEdit: true,
});

const fetchMock = vi.fn<typeof fetch>();
const sent = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => ({ url: String(url), method: init?.method, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null }));

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse(SERIES));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('EventFormDialog: validation with the API schema', () => {
  it('shows translated field errors and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EventFormDialog editing={null} defaultDate="2026-03-02" options={OPTIONS} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(field(/Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('combobox', { name: /^Class/ })).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toEqual([]);
  });

  it('asks for a count or an end on a weekly series, and an end not before the start', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EventFormDialog editing={null} defaultDate="2026-03-02" options={{ ...OPTIONS, types: ['user'] }} onClose={() => {}} />);
    await user.type(field(/Title/), 'Study');
    await user.click(screen.getByRole('combobox', { name: 'Repeat' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const count = field(/Number of events/);
    expect(count).toHaveAttribute('aria-invalid', 'true');
    expect(count).toHaveAccessibleDescription(/This field is required\./);
    await user.type(field(/Until/), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must not be before the start date.')).toBeInTheDocument();
    expect(sent()).toEqual([]);
  });
});

describe('EventFormDialog: saving', () => {
  it('creates a weekly class event of 5 after a confirmation, and says so', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<EventFormDialog editing={null} defaultDate="2026-03-02" options={OPTIONS} onClose={onClose} />);
    await user.type(field(/Title/), 'Homeroom');
    await user.click(screen.getByRole('combobox', { name: /^Class/ }));
    await user.click(await screen.findByRole('option', { name: 'Grade 7 - Sampaguita' }));
    await user.click(screen.getByRole('combobox', { name: 'Repeat' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await user.type(field(/Number of events/), '5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The confirmation opens over the form, under the form's title.
    const ask = (await screen.findByText('Are you sure you want to create this event?')).closest<HTMLElement>('[role="dialog"]')!;
    expect(ask).toHaveAccessibleName('New event');
    expect(sent()).toEqual([]);
    await user.click(within(ask).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [post] = sent();
    expect(post).toMatchObject({ url: '/api/calendar/events', method: 'POST' });
    expect(post?.body).toMatchObject({
      title: 'Homeroom',
      type: 'class',
      classId: CLASS_ID,
      date: '2026-03-02',
      time: '08:00',
      durationMinutes: 60,
      repeat: 'weekly',
      count: 5,
      until: null,
    });
    expect(await screen.findByText('Event created.')).toBeInTheDocument();
  });

  it('asks "This event only" or "All events in the series" for an occurrence, and sends the choice', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<EventFormDialog editing={{ details: SERIES, occurrence: THIRD }} defaultDate="2026-03-02" options={OPTIONS} onClose={onClose} />);
    const date = field(/^Date/);
    expect(date).toHaveValue('2026-03-16');
    await user.clear(date);
    await user.type(date, '2026-03-17');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const ask = await screen.findByRole('dialog', { name: 'Edit a repeating event' });
    expect(within(ask).getByRole('button', { name: 'All events in the series' })).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'This event only' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [patch] = sent();
    expect(patch).toMatchObject({ url: '/api/calendar/events/ev1', method: 'PATCH' });
    expect(patch?.body).toMatchObject({
      scope: 'this',
      occurrence: '2026-03-16T08:00',
      event: { date: '2026-03-17', time: '08:00', repeat: 'weekly', count: 5 },
    });
  });

  it('keeps the series start when "All events" is chosen without moving the date', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EventFormDialog editing={{ details: SERIES, occurrence: THIRD }} defaultDate="2026-03-02" options={OPTIONS} onClose={() => {}} />);
    await user.clear(field(/Location/));
    await user.type(field(/Location/), 'Gym');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Edit a repeating event' })).getByRole('button', { name: 'All events in the series' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toMatchObject({ scope: 'all', occurrence: null, event: { date: '2026-03-02', location: 'Gym' } });
  });

  it('sends nothing when the scope question is cancelled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<EventFormDialog editing={{ details: SERIES, occurrence: THIRD }} defaultDate="2026-03-02" options={OPTIONS} onClose={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Edit a repeating event' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit a repeating event' })).not.toBeInTheDocument());
    expect(sent()).toEqual([]);
  });
});
