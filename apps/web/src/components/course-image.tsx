import { useState } from 'react';
import { Box, Center, Image, Text } from '@mantine/core';

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

interface CourseImageProps {
  course: { id: string; code: string; imageUrl: string | null };
  height: number | string;
  width?: number | string;
  /** Font size of the code on the placeholder. */
  codeSize?: string;
}

/**
 * The course's picture, or (without one, or when it fails to load) a block in the course's colour
 * with its code. Decorative: the card or header names the course in text.
 */
export const CourseImage = ({ course, height, width = '100%', codeSize = 'lg' }: CourseImageProps) => {
  const [failed, setFailed] = useState<string | null>(null);
  if (course.imageUrl && failed !== course.imageUrl)
    return <Image src={course.imageUrl} alt="" h={height} w={width} fit="cover" onError={() => setFailed(course.imageUrl)} data-testid="course-image" />;
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
