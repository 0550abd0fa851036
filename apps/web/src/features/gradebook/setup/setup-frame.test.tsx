import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../../test/test-utils.tsx';
import { FormFrame } from './setup-frame.tsx';

const renderFrame = (title: string) => {
  const router = createMemoryRouter(
    [
      {
        path: '/classes/:id/courses/:courseId/categories/add-item',
        handle: { title: 'gradeSetup:titles.addItem' },
        element: (
          <FormFrame back="categories" title={title}>
            form
          </FormFrame>
        ),
      },
    ],
    { initialEntries: ['/classes/c1/courses/k1/categories/add-item'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
};

describe('FormFrame heading (issue 13)', () => {
  it('does not repeat the page h1: a title that is the route title is left to the h1', async () => {
    renderFrame('Add grade item');
    expect(await screen.findByText('form')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add grade item' })).not.toBeInTheDocument();
  });
  it('shows a title that says more than the route (a scale name)', async () => {
    renderFrame('DepEd descriptors');
    expect(await screen.findByRole('heading', { level: 2, name: 'DepEd descriptors' })).toBeInTheDocument();
  });
});
