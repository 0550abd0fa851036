import { Title } from '@mantine/core';
import { headingText, usePageNames } from '../lib/page-title.ts';

/**
 * The h1 of a page whose layout does not write its own: it names the page ("Students — Grade 7 -
 * Sampaguita") from the route's title and the class registered with `usePageTitle`.
 */
export const PageHeading = () => (
  <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }} data-testid="page-heading">
    {headingText(usePageNames())}
  </Title>
);
