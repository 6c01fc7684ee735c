import { createHash } from 'node:crypto';
import { LOGO_TYPES } from '@guildhall/contract';
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../../lib/http-error.js';
import type { StoredLogo } from './stored-logo.js';

/** Largest side of a stored logo, in pixels. */
const LOGO_MAX_SIDE = 512;
/** Larger canvases are refused before decoding (a small file can declare a huge one). */
const MAX_INPUT_SIDE = 4096;

/**
 * A PNG or JPG recognised by its bytes (never by its name), decoded and encoded again: what is
 * stored is a fresh image without metadata, bounded in size, whatever the upload contained.
 */
export async function reencodeLogo({ upload }: { upload: Buffer }): Promise<StoredLogo> {
  if (upload.length === 0) {
    throw new HttpError(400, 'invalid_image', 'The file is empty', undefined, { image: 'empty' });
  }
  const detected = await fileTypeFromBuffer(upload);
  const contentType = LOGO_TYPES.find((type) => type === detected?.mime);
  if (!contentType) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'The logo must be a JPG or PNG image',
      undefined,
      { accepted_types: [...LOGO_TYPES] },
    );
  }
  // sharp and libvips (about 20 MB) load with the first upload, not with the server.
  const { default: sharp } = await import('sharp');
  let bytes: Buffer;
  try {
    const { width = 0, height = 0 } = await sharp(upload).metadata();
    if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE) {
      throw new HttpError(
        400,
        'invalid_image',
        `The image is larger than ${MAX_INPUT_SIDE} pixels on a side`,
        undefined,
        { image: 'too_many_pixels', max_side: MAX_INPUT_SIDE },
      );
    }
    const image = sharp(upload, {
      limitInputPixels: MAX_INPUT_SIDE * MAX_INPUT_SIDE,
      failOn: 'warning',
    })
      .rotate()
      .resize(LOGO_MAX_SIDE, LOGO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    bytes = await (
      contentType === 'image/png' ? image.png() : image.jpeg({ quality: 90 })
    ).toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(
      400,
      'invalid_image',
      'The image could not be read: it may be damaged or truncated',
      undefined,
      { image: 'unreadable' },
    );
  }
  return {
    contentType,
    bytes,
    etag: createHash('sha256').update(bytes).digest('base64url').slice(0, 27),
  };
}
