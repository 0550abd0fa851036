import { useEffect, useRef } from 'react';
import { Box, Button, Group, ScrollArea } from '@mantine/core';
import { Link, useLocation } from 'react-router';

export interface LinkTab {
  to: string;
  label: string;
}

/**
 * A row of tab links (the class list's sub-tabs, a student's and a teacher's tabs): the current
 * one is filled and marked `aria-current="page"`; the row scrolls sideways on phones.
 */
export const ClassListTabs = ({ tabs, label }: { tabs: LinkTab[]; label: string }) => {
  const { pathname } = useLocation();
  const current = tabs.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`))?.to;
  const currentRef = useRef<HTMLAnchorElement>(null);
  // On a phone the open tab may sit past the edge of the row: bring it into view.
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  return (
    <Box component="nav" aria-label={label}>
      <ScrollArea type="auto" offsetScrollbars="x">
        <Group gap="xs" wrap="nowrap" pb={4}>
          {tabs.map((tab) => (
            <Button
              key={tab.to}
              component={Link}
              to={tab.to}
              size="sm"
              variant={tab.to === current ? 'filled' : 'default'}
              style={{ flexShrink: 0 }}
              aria-current={tab.to === current ? 'page' : undefined}
              ref={tab.to === current ? currentRef : undefined}
            >
              {tab.label}
            </Button>
          ))}
        </Group>
      </ScrollArea>
    </Box>
  );
};
