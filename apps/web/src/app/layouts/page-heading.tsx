import { Title } from '@mantine/core';
import { headingText, usePageNames } from '../page-title.ts';

/**
 * The h1 of a page whose layout does not write its own: it names the page ("Students", "Grade
 * book — Math 7") from the route's title and the names registered with `usePageTitle`.
 * `shownAbove` is a name the layout already shows above it (the class, as a breadcrumb).
 */
export const PageHeading = ({ shownAbove }: { shownAbove?: string }) => (
  <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="page-heading">
    {headingText(usePageNames(), shownAbove)}
  </Title>
);
