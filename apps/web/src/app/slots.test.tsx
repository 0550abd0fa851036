import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fillSlots, slot, type GradedPanelProps } from '../lib/slots.ts';
import { materialFixture } from '../test/materials-test-data.ts';
import { renderWithProviders } from '../test/test-utils.tsx';
import { appSlotLoaders } from './slots.ts';

afterEach(() => fillSlots(appSlotLoaders));

describe('slots', () => {
  it('fills every slot with the feature component it names', async () => {
    expect((await appSlotLoaders.assignmentPanel()).name).toBe('AssignmentPanel');
    expect((await appSlotLoaders.activityPanel()).name).toBe('ActivityPanel');
    expect((await appSlotLoaders.quizPanel()).name).toBe('QuizPanel');
    expect((await appSlotLoaders.announcementsBox()).name).toBe('AnnouncementsBox');
    expect((await appSlotLoaders.upcomingEvents()).name).toBe('UpcomingEventsCard');
  });

  it('gives one component per slot and renders what app/ filled in, loaded on first render', async () => {
    expect(slot('activityPanel')).toBe(slot('activityPanel'));
    const Stub = ({ classId, courseId }: GradedPanelProps) => <p>{`panel of ${classId}/${courseId}`}</p>;
    fillSlots({ ...appSlotLoaders, activityPanel: async () => Stub });
    const Panel = slot('activityPanel');
    renderWithProviders(
      <Suspense fallback={<p>loading</p>}>
        <Panel material={materialFixture()} classId="c1" courseId="k1" />
      </Suspense>,
    );
    expect(await screen.findByText('panel of c1/k1')).toBeInTheDocument();
  });
});
