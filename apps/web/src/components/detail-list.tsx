import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import { EmptyLabel, isEmptyValue } from './empty-label.tsx';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** Label and value pairs as a description list: two columns on wide screens, one on phones. */
export const DetailList = ({ items }: { items: DetailItem[] }) => (
  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" component="dl" m={0}>
    {items.map((item) => (
      <div key={item.label}>
        <Text component="dt" size="sm" fw={700}>
          {item.label}
        </Text>
        <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
          {isEmptyValue(item.value) ? <EmptyLabel /> : item.value}
        </Text>
      </div>
    ))}
  </SimpleGrid>
);
