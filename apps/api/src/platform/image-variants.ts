import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_WIDTHS, servedImageWidth } from '@klase/core/constants';
import type { FileStorage } from './storage.ts';

/**
 * Course images and profile photos served at the size a page shows them, as AVIF or WebP when the
 * browser says it takes them (`Accept`), else in the uploaded type. A variant is made with sharp
 * on its first request and kept in the storage beside the original (`<key>.w<width>.<format>`);
 * the upload's content check is unchanged, and removing a picture removes its variants.
 */
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';
const MIME: Record<VariantFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' };
const FORMATS: readonly VariantFormat[] = ['avif', 'webp', 'jpeg', 'png'];
/** Decoding a picture over this many pixels is refused (a 2 MB upload can unpack to far more). */
const MAX_INPUT_PIXELS = 40_000_000;

/** AVIF, then WebP, when `Accept` names them; otherwise the original's own type. */
export const pickFormat = (accept: string | undefined, originalMime: string): VariantFormat => {
  const a = (accept ?? '').toLowerCase();
  if (a.includes('image/avif')) return 'avif';
  if (a.includes('image/webp')) return 'webp';
  return originalMime === 'image/png' ? 'png' : 'jpeg';
};

export const variantKey = (key: string, width: number, format: VariantFormat) => `${key}.w${width}.${format}`;

/** Every variant key a picture may have (to remove them with it). */
export const variantKeys = (key: string): string[] => IMAGE_WIDTHS.flatMap((w) => FORMATS.map((f) => variantKey(key, w, f)));

/** Removes a picture and all its variants. */
export const deletePicture = async (storage: FileStorage, key: string): Promise<void> => {
  await storage.delete(key);
  await Promise.all(variantKeys(key).map((k) => storage.delete(k)));
};

const encode = (image: Sharp, format: VariantFormat): Sharp =>
  format === 'avif'
    ? image.avif({ quality: 55, effort: 2 })
    : format === 'webp'
      ? image.webp({ quality: 78, effort: 4 })
      : format === 'png'
        ? image.png({ compressionLevel: 9, palette: true })
        : image.jpeg({ quality: 80, mozjpeg: true });

export interface Picture {
  data: Buffer;
  mime: string;
}

/** What the caller wants: a width in device pixels (rounded up to a served one) and its `Accept` header. */
export interface PictureWish {
  width: number;
  accept: string | undefined;
}

/**
 * The picture stored at `key` (of type `mime`) as wished: the kept variant, or one made from the
 * original and kept now; no wider or taller than the served width, never enlarged, rotated as its
 * EXIF says (the EXIF dropped). Without a wish, the original. Null when the original is gone.
 */
export const loadPicture = async (storage: FileStorage, key: string, mime: string, wish?: PictureWish): Promise<Picture | null> => {
  if (!wish) {
    const data = await storage.get(key);
    return data ? { data, mime } : null;
  }
  const width = servedImageWidth(wish.width);
  const format = pickFormat(wish.accept, mime);
  const vkey = variantKey(key, width, format);
  const kept = await storage.get(vkey);
  if (kept) return { data: kept, mime: MIME[format] };
  const original = await storage.get(key);
  if (!original) return null;
  let data: Buffer;
  try {
    const resized = sharp(original, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, height: width, fit: 'inside', withoutEnlargement: true });
    data = await encode(resized, format).toBuffer();
  } catch {
    // Right type by its first bytes but not decodable (or too many pixels): served as uploaded.
    return { data: original, mime };
  }
  await storage.put(vkey, data);
  return { data, mime: MIME[format] };
};

/** The query of a picture route: `v` busts caches after a change, `w` asks for a width in device pixels. */
export const pictureQuery = z.object({
  v: z.string().max(20).optional(),
  w: z.coerce.number().int().min(1).max(10_000).optional(),
});

/** The wish of a request to a picture route: none without `w` (the original, as before). */
export const pictureWish = (request: FastifyRequest): PictureWish | undefined => {
  const { w } = request.query as z.infer<typeof pictureQuery>;
  return w === undefined ? undefined : { width: w, accept: request.headers.accept };
};

/** Sends a picture privately cached for an hour; its type depends on `Accept`, so caches must vary on it. */
export const sendPicture = (reply: FastifyReply, picture: Picture) =>
  reply
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .header('vary', 'accept')
    .type(picture.mime)
    .send(picture.data);
