import { Avatar, Group, Text } from '@mantine/core';
import { FALLBACK_PHOTO } from './image-loader.tsx';
import { sizedPicture } from '../lib/photo.ts';

interface PersonCellProps {
  name: string;
  photoUrl: string | null;
  /** A second, dimmed line (username, role, ...). */
  hint?: string | null;
  size?: 'sm' | 'md' | 'lg';
}

const AVATAR_PX = { sm: 32, md: 44, lg: 72 } as const;

/**
 * A person in a list or table: round photo (the server's fallback picture when there is none or it
 * fails to load) and the name, with an optional hint line. The photo is decorative: the name is
 * the accessible text.
 */
export const PersonCell = ({ name, photoUrl, hint, size = 'sm' }: PersonCellProps) => (
  <Group gap="sm" wrap="nowrap">
    <Avatar
      src={photoUrl ? sizedPicture(photoUrl, AVATAR_PX[size]) : FALLBACK_PHOTO}
      alt=""
      radius="xl"
      size={AVATAR_PX[size]}
      imageProps={{ loading: 'lazy' }}
    >
      {name.slice(0, 1)}
    </Avatar>
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={500} truncate>
        {name}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed" truncate>
          {hint}
        </Text>
      ) : null}
    </div>
  </Group>
);
