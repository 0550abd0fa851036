import { useState } from 'react';
import { Box, Center, Image, Text } from '@mantine/core';
import { sizedPicture } from '../lib/photo.ts';

/**
 * Backgrounds of the placeholder of a course without an image: shade 9 of Mantine colours, each
 * with white text above 4.5:1 (WCAG AA; checked in course-image.test.tsx).
 */
export const PLACEHOLDER_COLORS = ['blue.9', 'teal.9', 'grape.9', 'indigo.9', 'red.9', 'cyan.9', 'violet.9', 'pink.9'] as const;

/** The same course always gets the same colour: an FNV-1a hash of its id, its bits mixed down. */
export const placeholderColor = (id: string): (typeof PLACEHOLDER_COLORS)[number] => {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b);
  h ^= h >>> 16;
  return PLACEHOLDER_COLORS[(h >>> 0) % PLACEHOLDER_COLORS.length]!;
};

/** The width a full-width course image is asked in: a card or header on a phone is at most this wide (CSS px). */
const FULL_WIDTH_PX = 360;

interface CourseImageProps {
  course: { id: string; code: string; imageUrl: string | null };
  height: number | string;
  width?: number | string;
  /** Font size of the code on the placeholder. */
  codeSize?: string;
}

/**
 * The course's picture, or (without one, or when it fails to load) a block in the course's colour
 * with its code. Decorative: the card or header names the course in text. Asked at the size shown
 * (lib/photo.ts); the box has its height (and the img its size) before the picture arrives.
 */
export const CourseImage = ({ course, height, width = '100%', codeSize = 'lg' }: CourseImageProps) => {
  const [failed, setFailed] = useState<string | null>(null);
  if (course.imageUrl && failed !== course.imageUrl)
    return (
      <Image
        src={sizedPicture(course.imageUrl, typeof width === 'number' ? width : FULL_WIDTH_PX)}
        alt=""
        h={height}
        w={width}
        width={typeof width === 'number' ? width : undefined}
        height={typeof height === 'number' ? height : undefined}
        fit="cover"
        loading="lazy"
        onError={() => setFailed(course.imageUrl)}
        data-testid="course-image"
      />
    );
  return (
    <Center bg={placeholderColor(course.id)} h={height} w={width} p="xs" aria-hidden="true" data-testid="course-placeholder" style={{ flexShrink: 0 }}>
      <Box maw="100%">
        <Text c="white" fw={700} size={codeSize} ff="monospace" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {course.code}
        </Text>
      </Box>
    </Center>
  );
};
