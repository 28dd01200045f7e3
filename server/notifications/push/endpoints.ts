// Which URLs the server will post web pushes to: only the browsers' push services, on https port 443, at public
// addresses. A subscription's endpoint is chosen by the shopper's browser, so anything else would let a shopper
// make the server open connections to itself, the cloud metadata address or the private network.
import { BlockList, isIP, type LookupFunction } from "node:net";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { Agent } from "node:https";

export interface PushEndpointPolicy {
  /** Whether the URL names a push service (scheme, host, port, no credentials), without any network. */
  isPushService(endpoint: string): boolean;
  /** Whether its host resolves, and only to public addresses (checked on subscribe; every connection checks again). */
  resolvesPublic(endpoint: string): Promise<boolean>;
  /** What push requests go through: its lookup refuses non-public addresses when connecting. */
  agent: Agent;
}

/** Chrome/Edge (FCM), Firefox (Mozilla autopush), Safari (Apple) and legacy Edge (Windows WNS). */
const EXACT_HOSTS = new Set(["fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"]);
const HOST_SUFFIXES = [".push.services.mozilla.com", ".notify.windows.com"];

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");

/** Loopback, private, link-local, shared, documentation, multicast and reserved addresses (IPv4-mapped too). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !NON_PUBLIC.check(address, "ipv4");
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  if (/^::ffff:/i.test(address)) return false;
  return !NON_PUBLIC.check(address, "ipv6");
}

export function isPushServiceUrl(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  // URL drops the default port, so "" is 443 and any other port is refused.
  if (url.protocol !== "https:" || url.port !== "" || url.username !== "" || url.password !== "") return false;
  const host = url.hostname.toLowerCase();
  return EXACT_HOSTS.has(host) || HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

type Lookup = typeof dnsLookup;

/** A lookup that answers only public addresses, failing the connection otherwise. */
function publicOnlyLookup(lookup: Lookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const list = addresses as unknown as LookupAddress[];
      const refused = list.find((entry) => !isPublicAddress(entry.address));
      if (refused || list.length === 0) {
        const denied = Object.assign(new Error(`push endpoint ${hostname} resolves to a non-public address`), { code: "EADDRNOTPUBLIC" });
        return callback(denied, "", 0);
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The browsers' push services, resolved with `lookup` (the system's DNS unless a test supplies another). */
export function browserPushServices(lookup: Lookup = dnsLookup): PushEndpointPolicy {
  const guarded = publicOnlyLookup(lookup);
  return {
    isPushService: isPushServiceUrl,
    resolvesPublic: (endpoint) =>
      new Promise((resolve) => {
        if (!isPushServiceUrl(endpoint)) return resolve(false);
        guarded(new URL(endpoint).hostname, { all: true }, (error) => resolve(!error));
      }),
    agent: new Agent({ lookup: guarded, keepAlive: true, maxSockets: 16 }),
  };
}
