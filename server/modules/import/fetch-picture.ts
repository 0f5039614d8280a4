// A picture named by URL in an imported CSV, fetched by the server: http(s) only, never an address of the shop's
// own networks (every address the name resolves to is checked, the connection goes to the checked address, and
// each redirect is checked again), within a time and a size limit, and kept only when its bytes are a JPEG, PNG
// or WebP picture. Self-contained: it answers the bytes or the reason it refused, and stores nothing.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export type PictureType = 'image/jpeg' | 'image/png' | 'image/webp';

export type FetchedPicture =
  { ok: true; bytes: Buffer; contentType: PictureType; url: string } | { ok: false; reason: string };

export interface FetchPictureOptions {
  /** The whole fetch, redirects included (default 10 s). */
  timeoutMs?: number;
  /** The largest picture taken (default 10 MB). */
  maxBytes?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /**
   * Tests only: private addresses allowed (a test's own HTTP server on 127.0.0.1). Never set by the server: by
   * default every loopback, private, link-local and reserved address is refused.
   */
  allowAddresses?: string[];
  /** Name resolution (tests point a name at an address); default the system's resolver. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export const pictureDefaults = { timeoutMs: 10_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 3 } as const;

/** Addresses never fetched: the machine itself, private networks, link-local, carrier NAT, multicast, reserved. */
const blockedV4 = new BlockList();
const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blockedV4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96], // IPv4-mapped in hex form (the dotted form is checked as the IPv4 address below)
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blockedV6.addSubnet(net, prefix, 'ipv6');

/** Whether an address (IPv4 or IPv6) is one the server must never fetch from. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blockedV4.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blockedV4.check(mapped[1]!, 'ipv4');
  return blockedV6.check(address, 'ipv6');
}

/** The picture type its first bytes say, or null. */
export function pictureTypeOf(bytes: Buffer): PictureType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

class Refused extends Error {}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** The addresses a URL's host stands for, every one of them allowed, or a refusal. */
async function checkedAddresses(
  url: URL,
  options: FetchPictureOptions,
  redirected: boolean,
): Promise<{ address: string; family: number }[]> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allowed = (a: string) => options.allowAddresses?.includes(a) === true || !isPrivateAddress(a);
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch {
      throw new Refused(`its host ${host} was not found`);
    }
  }
  if (addresses.length === 0) throw new Refused(`its host ${host} was not found`);
  const bad = addresses.find((a) => !allowed(a.address));
  if (bad)
    throw new Refused(
      redirected
        ? `it redirects to ${host}, a private address (${bad.address})`
        : `its host ${host} is a private address (${bad.address})`,
    );
  return addresses;
}

interface Hop {
  status: number;
  location?: string;
  bytes?: Buffer;
}

/** One request to a checked address; the body read up to maxBytes. */
function requestOnce(
  url: URL,
  addresses: { address: string; family: number }[],
  maxBytes: number,
  signal: AbortSignal,
): Promise<Hop> {
  // The connection goes to the addresses checked above, never to a second answer of the resolver.
  const pinned: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(
      url,
      { lookup: pinned, signal, headers: { accept: 'image/jpeg, image/png, image/webp' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          return resolve({ status, location: res.headers.location });
        }
        if (status !== 200) {
          res.resume();
          return resolve({ status });
        }
        const declared = Number(res.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          res.destroy();
          return reject(new Refused(`it is larger than ${sizeText(maxBytes)}`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new Refused(`it is larger than ${sizeText(maxBytes)}`));
          } else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** Fetches a picture by URL with every check above; never throws. */
export async function fetchPicture(
  rawUrl: string,
  options: FetchPictureOptions = {},
): Promise<FetchedPicture> {
  const timeoutMs = options.timeoutMs ?? pictureDefaults.timeoutMs;
  const maxBytes = options.maxBytes ?? pictureDefaults.maxBytes;
  const maxRedirects = options.maxRedirects ?? pictureDefaults.maxRedirects;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return { ok: false, reason: 'it is not a web address' };
    }
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:')
        return { ok: false, reason: `only http and https addresses are fetched (${url.protocol})` };
      if (url.username || url.password)
        return { ok: false, reason: 'addresses with a password are not fetched' };
      const addresses = await checkedAddresses(url, options, hop > 0);
      const answer = await requestOnce(url, addresses, maxBytes, controller.signal);
      if (answer.location !== undefined) {
        if (hop >= maxRedirects) return { ok: false, reason: `more than ${maxRedirects} redirects` };
        url = new URL(answer.location, url);
        continue;
      }
      if (!answer.bytes) return { ok: false, reason: `the server answered ${answer.status}` };
      const contentType = pictureTypeOf(answer.bytes);
      if (!contentType) return { ok: false, reason: 'it is not a JPEG, PNG or WebP picture' };
      return { ok: true, bytes: answer.bytes, contentType, url: url.toString() };
    }
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.message };
    if (controller.signal.aborted) return { ok: false, reason: `no answer within ${timeoutMs / 1000} s` };
    return { ok: false, reason: `it could not be fetched (${(err as Error).message})` };
  } finally {
    clearTimeout(timer);
  }
}
