// Staff upload pictures from the browser (POST /pictures): checked by their content, size capped, re-encoded as
// WebP upright and without metadata, kept in the database so every process serves them, and drawn at the
// storefront's widths. What a careless or hostile caller sends gets a 400 or 413 that says why, and stores nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { pictures } from '@/server/db/schema';
import { staffMember } from '../helpers/staff';
import { dbKinds, json, signUp, startTestApp, type Shopper, type TestApp } from '../helpers/test-app';

/** A JPEG 40×20 turned by EXIF orientation 6 (upright it is 20×40), carrying a camera make and GPS metadata. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c0392b' } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'SnoopCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N' } },
    })
    .toBuffer();
}

/** A PNG whose header claims 10,000 × 6,000 pixels (60 million): refused from its header, never decoded. */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(6_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

describe.each(dbKinds)('picture uploads on %s', (kind) => {
  let t: TestApp;
  let staff: Shopper;
  let shopper: Shopper;

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await staffMember(t.app, t.database, 'staff');
    shopper = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (body: Buffer, contentType = 'image/jpeg', token: string | null = staff.token) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/pictures',
      headers: { 'content-type': contentType, ...(token !== null ? { token } : {}) },
      payload: body,
    });
  const storedCount = async () => (await t.database.db.select({ n: count() }).from(pictures))[0]!.n;
  const pathOf = (image: string) => new URL(image).pathname.replace(/^\/ecommerceweb/, '');

  it('keeps a camera JPEG upright, as WebP, without its metadata, and a product can show it', async () => {
    const res = await upload(await cameraJpeg());
    expect(res.statusCode).toBe(201);
    const { data } = json(res);
    expect(data).toMatchObject({ width: 20, height: 40 });
    expect(data.image).toMatch(/\/images\/uploads\/[0-9a-f]{32}\.webp$/);

    const served = await t.app.inject({ url: pathOf(data.image) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 20, height: 40 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SnoopCam'))).toBe(false);

    // The audit log says who uploaded it.
    const audit = json(
      await t.app.inject({ url: '/api/v1/audit-log?entity=picture', headers: { token: staff.token } }),
    );
    expect(audit.data[0]).toMatchObject({ action: 'picture.upload', actor: { email: staff.email } });
  });

  it('draws an upload at the storefront widths', async () => {
    const big = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2980b9' } })
      .png()
      .toBuffer();
    const { data } = json(await upload(big, 'image/png'));
    const small = await t.app.inject({ url: `${pathOf(data.image)}?w=320` });
    expect(small.statusCode).toBe(200);
    expect(await sharp(small.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 320,
      height: 213,
    });
  });

  it('stores the same picture once, however often it is sent', async () => {
    const webp = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#27ae60' } })
      .webp()
      .toBuffer();
    const before = await storedCount();
    const answers = await Promise.all([1, 2, 3].map(() => upload(webp, 'image/webp')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => json(a).data.image)).size).toBe(1);
    expect(await storedCount()).toBe(before + 1);
  });

  it('another process, with nothing on its disk, serves the same upload from the database', async () => {
    const { data } = json(await upload(await cameraJpeg()));
    const otherDir = mkdtempSync(path.join(os.tmpdir(), 'other-process-'));
    let other: FastifyInstance | undefined;
    try {
      other = await buildApp({ config: { ...t.config, dataDir: otherDir }, database: t.database });
      const served = await other.inject({ url: pathOf(data.image) });
      expect(served.statusCode).toBe(200);
      expect((await sharp(served.rawPayload).metadata()).width).toBe(20);
    } finally {
      await other?.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it.each([
    [
      'a PDF renamed .jpg',
      Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'),
      'image/jpeg',
      400,
      'This file is not a JPEG, PNG or WebP picture.',
    ],
    [
      'an SVG (it could carry script)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'image/svg+xml',
      400,
      'This file is not a JPEG, PNG or WebP picture.',
    ],
    [
      'an empty body',
      Buffer.alloc(0),
      'image/png',
      400,
      'The picture is empty: choose a JPEG, PNG or WebP file.',
    ],
    [
      'a JPEG cut off half way',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
      'image/jpeg',
      400,
      'This picture cannot be read: the file is damaged.',
    ],
    [
      'a PNG of 60 million pixels',
      pixelBomb(),
      'image/png',
      400,
      'This picture is too large: at most 50 million pixels.',
    ],
    [
      'a 50 MB upload',
      Buffer.alloc(50 * 1024 * 1024, 1),
      'image/jpeg',
      413,
      'Request body is too large (limit 10 MB)',
    ],
  ])('refuses %s and stores nothing', async (_what, body, type, status, message) => {
    const before = await storedCount();
    const res = await upload(body as Buffer, type as string);
    expect(res.statusCode).toBe(status);
    expect(json(res)).toEqual({ statusMsg: 'fail', message });
    expect(await storedCount()).toBe(before);
  });

  it('a JPEG whose bytes say PNG is refused: the content must agree with itself', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const lying = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png.subarray(3)]);
    const res = await upload(lying);
    expect(res.statusCode).toBe(400);
  });

  it('refuses a JSON body with a message saying what to send', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/pictures',
      headers: { token: staff.token },
      payload: { image: 'http://169.254.169.254/latest/meta-data' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toMatch(/not a JPEG, PNG or WebP/);
  });

  it('gives a shopper 403 and a stranger 401, before reading the body', async () => {
    const jpeg = await cameraJpeg();
    expect((await upload(jpeg, 'image/jpeg', shopper.token)).statusCode).toBe(403);
    expect((await upload(jpeg, 'image/jpeg', null)).statusCode).toBe(401);
  });

  it('an uploaded picture becomes a product cover; an unknown upload name is refused', async () => {
    const { data } = json(await upload(await cameraJpeg()));
    const products = json(await t.app.inject({ url: '/api/v1/products?limit=1' })).data;
    const id = products[0]._id;
    const put = (imageCover: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/products/${id}`,
        headers: { token: staff.token },
        payload: { imageCover },
      });
    const ok = await put(data.image);
    expect(ok.statusCode).toBe(200);
    expect(json(await t.app.inject({ url: `/api/v1/products/${id}` })).data.imageCover).toBe(data.image);
    const unknown = await put('/images/uploads/0123456789abcdef0123456789abcdef.webp');
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).errors.msg).toMatch(/upload it first/);
  });
});
