import { Avatar, Group, Text } from '@mantine/core';
import { FALLBACK_PHOTO } from '../../components/image-loader.tsx';

/**
 * A student in the roster table: photo and name with an optional hint line. Unlike PersonCell
 * the name wraps instead of being cut, so a long name stays readable in the phone cards.
 */
export const RosterPerson = ({ name, photoUrl, hint }: { name: string; photoUrl: string | null; hint?: string | null }) => (
  <Group gap="sm" wrap="nowrap" align="center">
    <Avatar src={photoUrl || FALLBACK_PHOTO} alt="" radius="xl" size={32} imageProps={{ loading: 'lazy' }}>
      {name.slice(0, 1)}
    </Avatar>
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {hint}
        </Text>
      ) : null}
    </div>
  </Group>
);
