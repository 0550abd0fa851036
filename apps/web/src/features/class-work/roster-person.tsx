import { Avatar, Group, Text } from '@mantine/core';
import { FALLBACK_PHOTO } from '../../components/image-loader.tsx';
import { sizedPicture } from '../../lib/photo.ts';

/**
 * A student in the roster table: photo and name with an optional hint line. Unlike PersonCell
 * the name wraps instead of being cut, so a long name stays readable in the phone cards. It wraps
 * between words; a word is broken only when it alone is wider than the cell ('break-word', not
 * 'anywhere', which lets the table squeeze the column until names break mid-word).
 */
export const RosterPerson = ({ name, photoUrl, hint }: { name: string; photoUrl: string | null; hint?: string | null }) => (
  <Group gap="sm" wrap="nowrap" align="center">
    <Avatar src={photoUrl ? sizedPicture(photoUrl, 32) : FALLBACK_PHOTO} alt="" radius="xl" size={32} imageProps={{ loading: 'lazy' }}>
      {name.slice(0, 1)}
    </Avatar>
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} style={{ overflowWrap: 'break-word' }}>
        {name}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
          {hint}
        </Text>
      ) : null}
    </div>
  </Group>
);
