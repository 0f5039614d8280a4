// Pictures named by URL in an import: fetched only from public http(s) addresses, within time and size limits,
// kept only when their bytes are a JPEG, PNG or WebP picture. A local HTTP server stands in for the web; its
// loopback address is allowed only by the test's explicit option, and refused by default.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPicture, isPrivateAddress, pictureTypeOf } from '@/server/modules/import/fetch-picture';
import { htmlToText } from '@/server/modules/import/html-text';
import { png } from './shopify-csv';

const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), Buffer.alloc(64, 2)]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.alloc(4),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32, 3),
]);

describe('fetchPicture', () => {
  let server: http.Server;
  let base: string;
  let port: number;
  const allow = { allowAddresses: ['127.0.0.1'] };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const send = (type: string, body: Buffer) => res.writeHead(200, { 'content-type': type }).end(body);
      switch (req.url) {
        case '/cover.png':
          return send('image/png', png);
        case '/cover.jpg':
          return send('image/jpeg', jpeg);
        case '/cover.webp':
          return send('image/webp', webp);
        case '/renamed.jpg': // a PDF with a picture's name and type
          return send('image/jpeg', Buffer.from('%PDF-1.7 not a picture'));
        case '/huge.png':
          return send('image/png', Buffer.concat([png, Buffer.alloc(2048)]));
        case '/streamed.png': // no Content-Length: counted while it arrives
          res.writeHead(200, { 'content-type': 'image/png' });
          res.write(png);
          return res.end(Buffer.alloc(2048));
        case '/to-cover':
          return res.writeHead(302, { location: '/cover.png' }).end();
        case '/to-loopback-v6':
          return res.writeHead(302, { location: `http://[::1]:${port}/cover.png` }).end();
        case '/to-metadata':
          return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        case '/loop':
          return res.writeHead(302, { location: '/loop' }).end();
        case '/silent': // never answers
          return;
        default:
          return res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('takes JPEG, PNG and WebP by their bytes', async () => {
    for (const [path, type] of [
      ['/cover.png', 'image/png'],
      ['/cover.jpg', 'image/jpeg'],
      ['/cover.webp', 'image/webp'],
      ['/to-cover', 'image/png'],
    ]) {
      const got = await fetchPicture(`${base}${path}`, allow);
      expect(got).toMatchObject({ ok: true, contentType: type });
    }
  });

  it('refuses the loopback address unless a test allows it', async () => {
    expect(await fetchPicture(`${base}/cover.png`)).toEqual({
      ok: false,
      reason: 'its host 127.0.0.1 is a private address (127.0.0.1)',
    });
    expect(await fetchPicture(`http://localhost:${port}/cover.png`)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^its host localhost is a private address/),
    });
  });

  it('checks every address a name resolves to, and every redirect', async () => {
    const resolve = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await fetchPicture('http://pictures.example/cover.png', { resolve })).toEqual({
      ok: false,
      reason: 'its host pictures.example is a private address (10.1.2.3)',
    });
    expect(await fetchPicture(`${base}/to-loopback-v6`, allow)).toEqual({
      ok: false,
      reason: 'it redirects to ::1, a private address (::1)',
    });
    expect(await fetchPicture(`${base}/to-metadata`, allow)).toEqual({
      ok: false,
      reason: 'it redirects to 169.254.169.254, a private address (169.254.169.254)',
    });
    expect(await fetchPicture(`${base}/loop`, allow)).toEqual({ ok: false, reason: 'more than 3 redirects' });
  });

  it('refuses other schemes, passwords, non-pictures, oversized and silent servers', async () => {
    const cases: [string, object, string][] = [
      ['file:///etc/passwd', {}, 'only http and https addresses are fetched (file:)'],
      ['ftp://example.com/a.png', {}, 'only http and https addresses are fetched (ftp:)'],
      ['http://user:pw@example.com/a.png', {}, 'addresses with a password are not fetched'],
      ['not a url', {}, 'it is not a web address'],
      [`${base}/renamed.jpg`, allow, 'it is not a JPEG, PNG or WebP picture'],
      [`${base}/missing.png`, allow, 'the server answered 404'],
      [`${base}/huge.png`, { ...allow, maxBytes: 1024 }, 'it is larger than 1 KB'],
      [`${base}/streamed.png`, { ...allow, maxBytes: 1024 }, 'it is larger than 1 KB'],
      [`${base}/silent`, { ...allow, timeoutMs: 200 }, 'no answer within 0.2 s'],
    ];
    for (const [url, options, reason] of cases)
      expect(await fetchPicture(url, options)).toEqual({ ok: false, reason });
  });

  it('knows the private and reserved ranges', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', 'ff02::1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
    expect(pictureTypeOf(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('htmlToText', () => {
  it('keeps the text, drops markup and scripts, decodes entities', () => {
    expect(
      htmlToText(
        '<h2>Care</h2><p>Cotton &amp; linen,<br/>cold wash</p><style>p{}</style><script>x()</script>',
      ),
    ).toBe('Care\nCotton & linen,\ncold wash');
    expect(htmlToText('<ol><li>One</li><li>Two &lt;3</li></ol>')).toBe('- One\n- Two <3');
  });

  it('leaves plain text as it is, line breaks included', () => {
    expect(htmlToText('  Plain text, 2 < 3\nsecond line  ')).toBe('Plain text, 2 < 3\nsecond line');
  });
});
