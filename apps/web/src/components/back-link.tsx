import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The smallest height of a pointer target (WCAG 2.2 2.5.8 asks for 24 px; 32 px leaves room). */
export const BACK_LINK_MIN_HEIGHT = 32;

/**
 * "All classes", "Back to the course", ...: the link above a page's title back to where it came
 * from. Small text, but its target is at least 32 px tall (the whole row is clickable).
 */
export const BackLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <Anchor
    component={Link}
    to={to}
    size="sm"
    w="fit-content"
    mih={BACK_LINK_MIN_HEIGHT}
    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    data-back-link
  >
    <IconChevronLeft size={16} aria-hidden="true" style={{ flexShrink: 0 }} />
    {children}
  </Anchor>
);
