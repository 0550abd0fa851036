import { useEffect, useState } from 'react';
import { Box, Center, Image, Loader, type ImageProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IMAGE_SPINNER_HIDE_MS } from '@klase/core/constants';
import { sizedPicture } from '../lib/photo.ts';

export const FALLBACK_PHOTO = '/api/photos/fallback.svg';

interface ImageLoaderProps extends Omit<ImageProps, 'src' | 'onLoad' | 'onError'> {
  src: string | null | undefined;
  /** Required: describes the picture (use '' only for decoration). */
  alt: string;
  fallbackSrc?: string;
  width?: number | string;
  height?: number | string;
}

/**
 * An image with a spinner until it loads; the spinner goes 1 second after the load. On error the
 * fallback picture from the server replaces it. With a width in pixels, a photo or course image of
 * the API is asked at that size (lib/photo.ts) and the img carries width and height.
 */
export const ImageLoader = ({ src, alt, fallbackSrc = FALLBACK_PHOTO, width, height, ...props }: ImageLoaderProps) => {
  const { t } = useTranslation('components');
  const [current, setCurrent] = useState(src || fallbackSrc);
  const [loaded, setLoaded] = useState(false);
  const [spinner, setSpinner] = useState(true);
  const [prevSrc, setPrevSrc] = useState(src);

  if (prevSrc !== src) {
    setPrevSrc(src);
    setCurrent(src || fallbackSrc);
    setLoaded(false);
    setSpinner(true);
  }

  useEffect(() => {
    if (!loaded) return;
    const id = window.setTimeout(() => setSpinner(false), IMAGE_SPINNER_HIDE_MS);
    return () => window.clearTimeout(id);
  }, [loaded]);

  const onError = () => {
    if (current !== fallbackSrc) setCurrent(fallbackSrc);
    else setLoaded(true);
  };

  return (
    <Box pos="relative" w={width} h={height} aria-busy={spinner}>
      <Image
        {...props}
        src={typeof width === 'number' ? sizedPicture(current, width) : current}
        alt={alt}
        w={width}
        h={height}
        width={typeof width === 'number' ? width : undefined}
        height={typeof height === 'number' ? height : undefined}
        onLoad={() => setLoaded(true)}
        onError={onError}
      />
      {spinner && (
        <Center pos="absolute" inset={0} role="status" aria-label={t('image.loading')}>
          <Loader size="sm" />
        </Center>
      )}
    </Box>
  );
};
