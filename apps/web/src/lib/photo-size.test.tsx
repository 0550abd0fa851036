import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/test-utils.tsx';
import { ImageLoader } from '../components/image-loader.tsx';
import { PersonCell } from '../components/person-cell.tsx';
import { CourseImage } from '../components/course-image.tsx';
import { sizedPicture } from './photo.ts';

describe('pictures asked at the size the page shows them', () => {
  it('adds the served width (2x, rounded up) to photo and course image URLs only', () => {
    expect(sizedPicture('/api/users/u1/photo?v=3', 36)).toBe('/api/users/u1/photo?v=3&w=128');
    expect(sizedPicture('/api/courses/c1/image?v=2', 360)).toBe('/api/courses/c1/image?v=2&w=960');
    expect(sizedPicture('/api/users/u1/photo', 140)).toBe('/api/users/u1/photo?w=320');
    expect(sizedPicture('/api/photos/fallback.svg', 36)).toBe('/api/photos/fallback.svg');
    expect(sizedPicture('https://example.org/a.png', 36)).toBe('https://example.org/a.png');
  });

  it('gives the img its width and height so the layout does not jump', () => {
    renderWithProviders(<ImageLoader src="/api/users/u1/photo?v=1" alt="Maria" width={120} height={120} />);
    const img = screen.getByRole('img', { name: 'Maria' });
    expect(img).toHaveAttribute('src', '/api/users/u1/photo?v=1&w=256');
    expect(img).toHaveAttribute('width', '120');
    expect(img).toHaveAttribute('height', '120');
  });

  it('asks list photos and course images at their size', () => {
    const { container } = renderWithProviders(
      <>
        <PersonCell name="Ana" photoUrl="/api/users/u2/photo?v=1" />
        <CourseImage course={{ id: 'c1', code: 'SCI8', imageUrl: '/api/courses/c1/image?v=4' }} height={72} width={96} />
      </>,
    );
    expect(container.querySelector('img[src^="/api/users/u2/photo"]')).toHaveAttribute('src', '/api/users/u2/photo?v=1&w=64');
    const course = screen.getByTestId('course-image');
    expect(course).toHaveAttribute('src', '/api/courses/c1/image?v=4&w=192');
    expect(course).toHaveAttribute('width', '96');
    expect(course).toHaveAttribute('height', '72');
  });
});
