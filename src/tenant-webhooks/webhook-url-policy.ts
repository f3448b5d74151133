import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/**
 * Which webhook URLs the gateway will call, so that a tenant cannot make it reach what only it can
 * reach (server-side request forgery). One policy, used when a URL is registered (every address its
 * host resolves to) and again at every delivery, on the address actually connected (the resolver of
 * the delivery client), so DNS that changes later changes nothing:
 * - `https` only, unless private targets are allowed (development), where `http` is accepted too;
 * - an address is public only when ipaddr.js (which carries the IANA special-purpose registries of
 *   both families) names it plain unicast, and for IPv6 only inside global unicast 2000::/3;
 * - IPv4 written inside IPv6 is judged as the IPv4 it carries: IPv4-mapped (::ffff:0:0/96),
 *   IPv4-translated (::ffff:0:0:0/96) and NAT64 (64:ff9b::/96, what DNS64 synthesises for an IPv4-only
 *   host); the other spellings are never public: IPv4-compatible (::/96, deprecated), 6to4 (2002::/16),
 *   Teredo (2001::/32) and local-use NAT64 (64:ff9b:1::/48), since no webhook needs them and each can
 *   carry a private IPv4;
 * - loopback and private ranges (127/8, 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7, ::1) only
 *   when the setting allows them; never link-local (so no cloud metadata service), multicast,
 *   reserved or documentation ranges, whatever the setting;
 * - never the gateway itself (a local address on the gateway's own port).
 * Refusals say "not a public address" and never which address a name resolved to, so registering a
 * URL is no way to learn what a host resolves to.
 */
export interface UrlPolicy {
  allowPrivate: boolean;
  /** The gateway's own listening port, once known. */
  ownPort: () => number | undefined;
  /** How host names are resolved (the system resolver; a test may answer for it). */
  resolve?: (hostname: string) => Promise<LookupAddress[]>;
}

export type AddressClass = 'public' | 'private' | 'forbidden';

/** Ranges that a development setting may reach (ipaddr.js range names). */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal', 'carrierGradeNat']);
/** IPv6 ranges whose last 32 bits are the IPv4 address they stand for. */
const EMBEDDING_IPV4 = new Set(['ipv4Mapped', 'rfc6145']);
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/** Cloud metadata services on addresses of otherwise private ranges: never reachable, whatever the setting. */
const METADATA_ADDRESSES = new Set(['fd00:ec2::254']);

/** Classifies one IP address (spelling IPv4 inside IPv6 changes nothing). */
export function classifyAddress(address: string): AddressClass {
  const text = address.replace(/^\[|\]$/g, '');
  const family = isIP(text);
  if (family === 4)
    return ipaddr.IPv4.isValidFourPartDecimal(text) ? classifyIpv4(ipaddr.IPv4.parse(text)) : 'forbidden';
  if (family !== 6 || text.includes('%')) return 'forbidden'; // a zone id only goes with link-local addresses
  // Node's own canonical form first: ipaddr.js reads any `::a.b.c.d` as IPv4-mapped, where `::` alone
  // before a dotted quad is the deprecated IPv4-compatible form (never public here).
  const v6 = ipaddr.IPv6.parse(new URL(`http://[${text}]/`).hostname.slice(1, -1));
  if (METADATA_ADDRESSES.has(v6.toString())) return 'forbidden';
  const range = v6.range();
  if (EMBEDDING_IPV4.has(range) || (range === 'rfc6052' && v6.match(NAT64_WELL_KNOWN)))
    return classifyIpv4(embeddedIpv4(v6));
  if (PRIVATE_RANGES.has(range)) return 'private';
  if (range === 'unicast' && v6.match(GLOBAL_UNICAST)) return 'public';
  return 'forbidden';
}

function classifyIpv4(address: ipaddr.IPv4): AddressClass {
  const range = address.range();
  if (range === 'unicast') return 'public';
  return PRIVATE_RANGES.has(range) ? 'private' : 'forbidden';
}

function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [high, low] = address.parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
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

/** The refusal, in the same words whatever the address was. */
export const NOT_PUBLIC = 'not a public address';

/** Why connecting to `address:port` is refused, or undefined when it is allowed. */
export function addressProblem(address: string, port: number, policy: UrlPolicy): string | undefined {
  const kind = classifyAddress(address);
  if (kind === 'forbidden' || (kind === 'private' && !policy.allowPrivate)) return NOT_PUBLIC;
  const own = policy.ownPort();
  if (own !== undefined && port === own && isLocalAddress(address)) return 'points at the gateway itself';
  return undefined;
}

function isLocalAddress(address: string): boolean {
  if (
    classifyAddress(address) === 'private' &&
    (address.startsWith('127.') || address === '::1' || /^::ffff:127\./i.test(address))
  )
    return true;
  return Object.values(networkInterfaces()).some((list) => list?.some((item) => item.address === address));
}

export function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
}

function systemResolve(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) =>
    dnsLookup(host, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );
}

function resolveAll(hostname: string, policy: UrlPolicy): Promise<LookupAddress[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return Promise.resolve([{ address: host, family: isIP(host) }]);
  return (policy.resolve ?? systemResolve)(host);
}

/**
 * Checks the URL and every address its host resolves to; the problem in words, or undefined. A
 * host that does not resolve gets the same words as one that resolves to a private address.
 */
export async function webhookUrlProblem(url: string, policy: UrlPolicy): Promise<string | undefined> {
  const syntax = urlSyntaxProblem(url, policy);
  if (syntax) return syntax;
  const parsed = new URL(url);
  const addresses = await resolveAll(parsed.hostname, policy).catch((): LookupAddress[] => []);
  if (addresses.length === 0) return `host does not resolve to a public address`;
  for (const { address } of addresses) {
    const problem = addressProblem(address, defaultPort(parsed), policy);
    if (problem === NOT_PUBLIC) return `host resolves to an address that is ${NOT_PUBLIC}`;
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
    resolveAll(hostname, policy).then(
      (addresses) => {
        if (addresses.length === 0)
          return callback(Object.assign(new Error(`host does not resolve`), { code: 'ENOTFOUND' }), []);
        for (const { address } of addresses) {
          const kind = classifyAddress(address);
          if (kind === 'forbidden' || (kind === 'private' && !policy.allowPrivate)) {
            const refused = Object.assign(new Error(`webhook host resolves to an address that is ${NOT_PUBLIC}`), {
              code: 'EADDRREFUSED',
            });
            return callback(refused, []);
          }
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
  return lookup;
}
