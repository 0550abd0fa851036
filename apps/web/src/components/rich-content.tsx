import { useMemo } from 'react';
import { Typography } from '@mantine/core';

/**
 * HTML saved by a teacher (already sanitized by the server) with every link opening in a new tab
 * without access to this page. A template element parses it inertly: nothing runs or loads here.
 */
export const withExternalLinks = (html: string): string => {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const a of template.content.querySelectorAll('a[href]')) {
    a.setAttribute('target', '_blank');
    a.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
};

export const RichContent = ({ html, label }: { html: string; label: string }) => {
  const safe = useMemo(() => withExternalLinks(html), [html]);
  return (
    <Typography>
      <div aria-label={label} role="region" data-testid="rich-content" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: safe }} />
    </Typography>
  );
};
