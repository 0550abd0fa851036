import type { Readable } from 'node:stream';
import { IMAGE_MAX_BYTES } from '@klase/core/constants';
import { DomainError } from '@klase/core/errors';
import { MIME_OF, sniffType } from '@klase/core/upload';
import type { Ctx } from '../../platform/context.ts';
import type { AuthState } from '../../platform/types.ts';
import { findUserById, updateUser } from '../admin/users/users.service.ts';
import { deletePicture } from '../../platform/image-variants.ts';

/** Photos must be under 2 MB. */
export const PHOTO_MAX_BYTES = IMAGE_MAX_BYTES - 1;
const SNIFF_BYTES = 16;

/**
 * Reads an uploaded stream, checking the type by its first bytes and the size as it arrives; it
 * stops at the first byte over the limit, so nothing beyond 2 MB is ever held.
 */
export const readPhoto = async (stream: Readable, isTruncated: () => boolean): Promise<{ data: Buffer; mime: string; ext: string }> => {
  const chunks: Buffer[] = [];
  let size = 0;
  let type: 'jpeg' | 'png' | null = null;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > PHOTO_MAX_BYTES) {
      stream.destroy();
      throw new DomainError('FILE_TOO_LARGE');
    }
    chunks.push(chunk);
    if (type === null && size >= SNIFF_BYTES) {
      const kind = sniffType(Buffer.concat(chunks).subarray(0, SNIFF_BYTES));
      if (kind !== 'jpeg' && kind !== 'png') {
        stream.destroy();
        throw new DomainError('FILE_TYPE');
      }
      type = kind;
    }
  }
  if (isTruncated()) throw new DomainError('FILE_TOO_LARGE');
  if (type === null) {
    const kind = sniffType(Buffer.concat(chunks));
    if (kind !== 'jpeg' && kind !== 'png') throw new DomainError('FILE_TYPE');
    type = kind;
  }
  return { data: Buffer.concat(chunks), mime: MIME_OF[type], ext: type === 'jpeg' ? 'jpg' : 'png' };
};

export const savePhoto = async (ctx: Ctx, auth: AuthState, photo: { data: Buffer; mime: string; ext: string }) => {
  const found = await findUserById(ctx.db, auth.user.id);
  if (!found) throw new DomainError('NOT_FOUND');
  const version = found.user.photoVersion + 1;
  const key = `photos/${auth.user.id}/${version}.${photo.ext}`;
  await ctx.storage.put(key, photo.data);
  await updateUser(ctx.db, auth.user.id, { photoKey: key, photoMime: photo.mime, photoVersion: version, updatedBy: auth.user.id });
  if (found.user.photoKey) await deletePicture(ctx.storage, found.user.photoKey);
  return findUserById(ctx.db, auth.user.id);
};

export const deletePhoto = async (ctx: Ctx, auth: AuthState) => {
  const found = await findUserById(ctx.db, auth.user.id);
  if (!found) throw new DomainError('NOT_FOUND');
  if (found.user.photoKey) {
    await updateUser(ctx.db, auth.user.id, {
      photoKey: null,
      photoMime: null,
      photoVersion: found.user.photoVersion + 1,
      updatedBy: auth.user.id,
    });
    await deletePicture(ctx.storage, found.user.photoKey);
  }
  return findUserById(ctx.db, auth.user.id);
};
