import { createHash } from 'node:crypto';
import type { PictureAnswer } from '@/lib/contract/staff';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { runInTransaction } from '../../db/client';
import { recordAudit, type Actor } from '../audit';
import { encodePicture } from './encode';
import * as repo from './repository';

/** Where uploaded pictures are served: `/images/uploads/<sha-256 of the WebP, 32 hex>.webp`. */
const uploadPath = /^\/images\/uploads\/([0-9a-f]{32})\.webp$/;

export const uploadedPicturePath = (name: string) => `/images/uploads/${name}.webp`;

/** The stored name of an uploaded picture's path, or null for any other path. */
export function uploadedPictureName(path: string): string | null {
  return uploadPath.exec(path)?.[1] ?? null;
}

/**
 * Checks and re-encodes an upload (./encode.ts), then keeps it in the database, where every process finds it. The
 * same picture twice is one row; each upload is in the audit log.
 */
export async function storePicture(ctx: AppContext, actor: Actor, bytes: Buffer): Promise<PictureAnswer> {
  const { name, picture } = await keep(ctx, actor, bytes);
  return {
    data: {
      image: `${ctx.config.publicUrl}${uploadedPicturePath(name)}`,
      width: picture.width,
      height: picture.height,
      bytes: picture.data.length,
    },
  };
}

/** The same, for a picture another module brought (a CSV import's): its path as the catalogue stores it. */
export async function storePicturePath(ctx: AppContext, actor: Actor, bytes: Buffer): Promise<string> {
  return uploadedPicturePath((await keep(ctx, actor, bytes)).name);
}

async function keep(ctx: AppContext, actor: Actor, bytes: Buffer) {
  const picture = await encodePicture(bytes);
  const name = createHash('sha256').update(picture.data).digest('hex').slice(0, 32);
  const at = new Date(ctx.now());
  await runInTransaction(ctx.database.db, async (tx) => {
    const inserted = await repo.insertPicture(tx, {
      name,
      data: picture.data,
      width: picture.width,
      height: picture.height,
      createdAt: at,
      actorId: actor.id,
      actorEmail: actor.email,
    });
    if (inserted)
      await recordAudit(
        tx,
        actor,
        {
          action: 'picture.upload',
          entity: 'picture',
          entityId: name,
          before: null,
          after: {
            width: picture.width,
            height: picture.height,
            bytes: picture.data.length,
            received: bytes.length,
          },
        },
        at,
      );
  });
  return { name, picture };
}

/** The stored WebP of an uploaded picture's path, or undefined (not an upload, or never stored). */
export async function uploadedPictureBytes(exec: Executor, path: string): Promise<Buffer | undefined> {
  const name = uploadedPictureName(path);
  return name ? repo.pictureBytes(exec, name) : undefined;
}

/** Whether a path names an uploaded picture this shop keeps. */
export async function uploadedPictureExists(exec: Executor, path: string): Promise<boolean> {
  const name = uploadedPictureName(path);
  return name ? repo.pictureExists(exec, name) : false;
}
