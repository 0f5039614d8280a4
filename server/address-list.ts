import { BlockList, isIP } from 'node:net';

/**
 * RATE_LIMIT_ALLOW's addresses (server/config.ts): clients exempt from the limits kept per client address. The
 * entries are addresses or CIDR ranges, IPv4 or IPv6; an IPv4 client written IPv4-mapped (::ffff:a.b.c.d) matches
 * its IPv4 entry.
 */
export function addressMatcher(entries: readonly string[]): (ip: string | null | undefined) => boolean {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return (ip) => {
    if (!ip) return false;
    const bare = ip.replace(/%.*$/, '');
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare)?.[1];
    const address = mapped ?? bare;
    const family = isIP(address);
    if (!family) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

const matchers = new WeakMap<object, (ip: string | null | undefined) => boolean>();

/** True when the client's address is on the shop's RATE_LIMIT_ALLOW list (the matcher built once per config). */
export function exemptFromAddressLimits(
  config: { rateLimitAllow: readonly string[] },
  ip: string | null | undefined,
): boolean {
  let matcher = matchers.get(config);
  if (!matcher) {
    matcher = addressMatcher(config.rateLimitAllow);
    matchers.set(config, matcher);
  }
  return matcher(ip);
}
