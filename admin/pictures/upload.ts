// Picture uploads: the file's own bytes to POST /pictures; the answer's address goes into the record.
import { imageWidths } from '@/lib/contract/images';
import type { PictureAnswer } from '@/lib/contract/staff';
import { request } from '../api/client';
import { storefrontBase } from '../config';

export async function uploadPicture(file: File, signal?: AbortSignal): Promise<string> {
  const answer = await request<PictureAnswer>('/pictures', {
    method: 'POST',
    raw: { data: file, type: file.type || 'application/octet-stream' },
    signal,
  });
  return answer.data.image;
}

/**
 * A picture of ours at one of the widths the server draws (a seeded or uploaded one); a storefront banner that ships
 * with the shop (`/banners/…`, a home page slide's) under the storefront's base path; others as they are.
 */
export function thumbnail(src: string, width: (typeof imageWidths)[number] = 320): string {
  if (src.startsWith('/banners/')) return `${storefrontBase}${src}`;
  return /\/images\/[^?]+\.webp$/.test(src) ? `${src}?w=${width}` : src;
}
