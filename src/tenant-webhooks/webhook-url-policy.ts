import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Which webhook URLs the gateway will call, so that a tenant cannot make it reach what only it can
 * reach (server-side request forgery):
 * - `https` only, unless private targets are allowed (development), where `http` is accepted too;
 * - never link-local (169.254/16, fe80::/10, so no cloud metadata service), unspecified, multicast
 *   or reserved addresses;
 * - loopback and private ranges (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7, ::1, 127/8) only
 *   when the setting allows them;
 * - never the gateway itself (a local address on the gateway's own port).
 * The same rule runs when a URL is registered (every address its host resolves to) and again at
 * every connection (the resolver of the delivery client), so DNS that changes later changes nothing.
 */
export interface UrlPolicy {
  allowPrivate: boolean;
  /** The gateway's own listening port, once known. */
  ownPort: () => number | undefined;
}

const NEVER = new BlockList();
NEVER.addSubnet('0.0.0.0', 8, 'ipv4');
NEVER.addSubnet('169.254.0.0', 16, 'ipv4');
NEVER.addSubnet('224.0.0.0', 4, 'ipv4');
NEVER.addSubnet('240.0.0.0', 4, 'ipv4');
NEVER.addAddress('::', 'ipv6');
NEVER.addSubnet('fe80::', 10, 'ipv6');
NEVER.addSubnet('ff00::', 8, 'ipv6');
NEVER.addAddress('fd00:ec2::254', 'ipv6');

const PRIVATE = new BlockList();
PRIVATE.addSubnet('127.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('10.0.0.0', 8, 'ipv4');
PRIVATE.addSubnet('172.16.0.0', 12, 'ipv4');
PRIVATE.addSubnet('192.168.0.0', 16, 'ipv4');
PRIVATE.addSubnet('100.64.0.0', 10, 'ipv4');
PRIVATE.addSubnet('198.18.0.0', 15, 'ipv4');
PRIVATE.addAddress('::1', 'ipv6');
PRIVATE.addSubnet('fc00::', 7, 'ipv6');

export type AddressClass = 'public' | 'private' | 'forbidden';

/** Classifies one IP address (IPv4-mapped IPv6 addresses count as their IPv4 address). */
export function classifyAddress(address: string): AddressClass {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
  if (isIP(ip) === 0) return 'forbidden';
  if (NEVER.check(ip, family)) return 'forbidden';
  if (PRIVATE.check(ip, family)) return 'private';
  return 'public';
}

/** Why `url` cannot be used, from its text alone; undefined when it may be (its addresses are checked next). */
export function urlSyntaxProblem(url: string, policy: Pick<UrlPolicy, 'allowPrivate'>): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.length > 2000) return 'must be at most 2000 characters';
  if (parsed.protocol !== 'https:' && !(policy.allowPrivate && parsed.protocol === 'http:')) {
    return policy.allowPrivate ? 'must be an http or https URL' : 'must be an https URL';
  }
  if (parsed.username || parsed.password) return 'must not carry credentials';
  if (!parsed.hostname) return 'must name a host';
  return undefined;
}

/** Why connecting to `address:port` is refused, or undefined when it is allowed. */
export function addressProblem(address: string, port: number, policy: UrlPolicy): string | undefined {
  const kind = classifyAddress(address);
  if (kind === 'forbidden') return `resolves to ${address}, a link-local, reserved or unspecified address`;
  if (kind === 'private' && !policy.allowPrivate) return `resolves to ${address}, a loopback or private address`;
  const own = policy.ownPort();
  if (own !== undefined && port === own && isLocalAddress(address)) return 'points at the gateway itself';
  return undefined;
}

function isLocalAddress(address: string): boolean {
  if (classifyAddress(address) === 'private' && (address.startsWith('127.') || address === '::1' || /^::ffff:127\./i.test(address))) return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((item) => item.address === address));
}

export function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function resolveAll(hostname: string): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return Promise.resolve([{ address: host, family: isIP(host) }]);
  return new Promise((resolve, reject) => dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/** Checks the URL and every address its host resolves to; the problem in words, or undefined. */
export async function webhookUrlProblem(url: string, policy: UrlPolicy): Promise<string | undefined> {
  const syntax = urlSyntaxProblem(url, policy);
  if (syntax) return syntax;
  const parsed = new URL(url);
  let addresses: LookupAddress[];
  try {
    addresses = await resolveAll(parsed.hostname);
  } catch {
    return `host ${parsed.hostname} does not resolve`;
  }
  if (addresses.length === 0) return `host ${parsed.hostname} does not resolve`;
  for (const { address } of addresses) {
    const problem = addressProblem(address, defaultPort(parsed), policy);
    if (problem) return problem;
  }
  return undefined;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A resolver for the delivery client's connections that refuses what the policy refuses, so the
 * address connected to is the address checked. (The port is checked by the caller: a resolver does
 * not see it.)
 */
export function guardedLookup(policy: UrlPolicy): LookupFunction {
  const lookup = (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      for (const { address } of addresses) {
        const kind = classifyAddress(address);
        if (kind === 'forbidden' || (kind === 'private' && !policy.allowPrivate)) {
          const refused = Object.assign(new Error(`webhook URL resolves to a refused address (${address})`), { code: 'EADDRREFUSED' });
          return callback(refused, []);
        }
      }
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    });
  };
  return lookup as unknown as LookupFunction;
}
