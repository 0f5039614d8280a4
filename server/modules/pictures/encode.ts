import { pictureLimits } from '@/lib/contract/staff';
import { loadSharp } from '../../images/render';
import { renderGate } from '../../images/render-gate';
import { AppError } from '../../errors';

export type PictureFormat = 'jpeg' | 'png' | 'webp';

/** The format a file's first bytes announce, whatever its name or declared type said. */
export function sniffFormat(bytes: Uint8Array): PictureFormat | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface EncodedPicture {
  data: Buffer;
  width: number;
  height: number;
}

const notAPicture = () => new AppError(400, 'This file is not a JPEG, PNG or WebP picture.');

/**
 * Checks a picture by its content and re-encodes it as WebP: turned upright by its EXIF orientation, at most
 * `maxSide` pixels on its longer side, without its metadata (camera, place, time). Anything that is not a JPEG, PNG
 * or WebP by its bytes, does not decode, or is larger than `maxPixels` is refused with a 400 that says why.
 */
export async function encodePicture(bytes: Buffer): Promise<EncodedPicture> {
  if (bytes.length === 0) throw new AppError(400, 'The picture is empty: choose a JPEG, PNG or WebP file.');
  const format = sniffFormat(bytes);
  if (!format) throw notAPicture();
  const sharp = await loadSharp();
  // `failOn: 'error'`: a truncated file is refused rather than stored half grey.
  const input = () => sharp(bytes, { limitInputPixels: pictureLimits.maxPixels, failOn: 'error' });
  let meta;
  try {
    meta = await input().metadata();
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message)) throw new AppError(400, tooManyPixels);
    throw new AppError(400, 'This picture cannot be read: the file is damaged.');
  }
  if (meta.format !== format) throw notAPicture();
  if ((meta.width ?? 0) * (meta.height ?? 0) > pictureLimits.maxPixels)
    throw new AppError(400, tooManyPixels);
  try {
    const { data, info } = await renderGate.run(() =>
      input()
        .rotate()
        .resize({
          width: pictureLimits.maxSide,
          height: pictureLimits.maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
    );
    return { data, width: info.width, height: info.height };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(400, 'This picture cannot be read: the file is damaged.');
  }
}

const tooManyPixels = `This picture is too large: at most ${pictureLimits.maxPixels / 1_000_000} million pixels.`;
