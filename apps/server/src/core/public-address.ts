import dns from 'node:dns';
import net from 'node:net';

/**
 * Addresses an outgoing request to a URL someone else chose (a push subscription's endpoint) must never reach: this
 * machine, private networks, link-local (where clouds serve instance metadata), shared address space, benchmarking,
 * documentation, multicast and reserved ranges. IPv4 wrapped in IPv6 (`::ffff:10.0.0.1`) is checked against the IPv4
 * ranges by `BlockList` itself (a rule for `::ffff:0:0/96` would take every IPv4 address with it).
 */
const NOT_PUBLIC = new net.BlockList();
for (const [address, prefix] of [
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
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 127],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(address, prefix, 'ipv6');
}

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether `address` (an IP address) is on the public internet, or on this machine when `loopback` allows it. */
export function publicAddress(address: string, loopback = false): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (loopback && LOOPBACK.check(address, type)) return true;
  return !NOT_PUBLIC.check(address, type);
}

/** The error a connection gets when its host name resolves to an address `publicAddress` refuses. */
export class NotPublicAddressError extends Error {
  readonly code = 'ENOTPUBLIC';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
  }
}

/** How names are resolved: `dns.lookup` asked for all addresses (another resolver in tests). */
export type Resolve = (
  host: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for `http.request` and `https.request` that refuses a host name with any address that is not public. The
 * check is in the lookup the connection itself uses, so a name that answers differently the second time (DNS
 * rebinding) cannot slip an internal address past it. Address literals do not go through a lookup: check them with
 * `publicAddress` before connecting.
 */
export function publicLookup(loopback = false, resolve: Resolve = dns.lookup): net.LookupFunction {
  return (host, options, callback) => {
    resolve(host, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const refused = addresses.find((a) => !publicAddress(a.address, loopback));
      if (refused) return callback(new NotPublicAddressError(host, refused.address), '');
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
