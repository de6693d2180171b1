import { WEBHOOK_MSG } from '../../../src/shared/messages/integrations';

/**
 * Where a producer's webhooks may go (protection against server-side request forgery): in production only
 * `https` to a public host on port 443, never a name or an address of this machine or a private, link-local,
 * shared or reserved network, written in any form the URL parser accepts (decimal and hex IPv4 are normalised
 * by it; IPv4 inside IPv6 is unwrapped here). Development mode (DEV_MODE=1, set only by the local `npm start`
 * and the tests) also accepts local and private addresses, over http or https, so a receiver on this machine
 * can be tried. Checked when an endpoint is saved and again before every attempt. The attempt itself follows no
 * redirect (functions/api/services/integrations/webhook-delivery.ts).
 */

const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home\.arpa)$/i;

/** IPv4 blocks that are not the public Internet (RFC 6890 and friends), as [first octets, prefix length]. */
const PRIVATE_V4: readonly [number, number, number, number, number][] = [
  [0, 0, 0, 0, 8],
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10],
  [127, 0, 0, 0, 8],
  [169, 254, 0, 0, 16],
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24],
  [192, 0, 2, 0, 24],
  [192, 88, 99, 0, 24],
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15],
  [198, 51, 100, 0, 24],
  [203, 0, 113, 0, 24],
  [224, 0, 0, 0, 4],
  [240, 0, 0, 0, 4],
];

function v4Number(parts: number[]): number {
  return ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
}

function parseV4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

const privateV4 = (parts: number[]) =>
  PRIVATE_V4.some(([a, b, c, d, bits]) => {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    return (v4Number(parts) & mask) >>> 0 === (v4Number([a, b, c, d]) & mask) >>> 0;
  });

/** The eight 16-bit groups of an IPv6 literal (the URL parser gives it compressed, without brackets). */
function parseV6(host: string): number[] | null {
  if (!host.includes(':')) return null;
  let text = host;
  // A trailing dotted IPv4 (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const p = parseV4(v4[1]);
    if (!p) return null;
    text = `${text.slice(0, -v4[1].length)}${((p[0] << 8) | p[1]).toString(16)}:${((p[2] << 8) | p[3]).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = groups(head);
  const back = groups(tail);
  const fill = tail === undefined ? 0 : 8 - front.length - back.length;
  const all = [...front, ...new Array(Math.max(fill, 0)).fill(0), ...back];
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

function privateV6(g: number[]): boolean {
  const embedded = [g[6] >> 8, g[6] & 0xff, g[7] >> 8, g[7] & 0xff];
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64): the IPv4 inside decides.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    return g[5] === 0 && g[6] === 0 ? true : privateV4(embedded);
  }
  if (g[0] === 0x64 && g[1] === 0xff9b) return privateV4(embedded);
  // Only global unicast (2000::/3) is public; its documentation block (2001:db8::/32) is not.
  if ((g[0] & 0xe000) !== 0x2000) return true;
  return g[0] === 0x2001 && g[1] === 0x0db8;
}

/** Why a webhook may not go to `raw` (a Spanish sentence), or null when it may. */
export function destinationProblem(raw: string, devMode: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_MSG.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return WEBHOOK_MSG.urlInvalid;
  if (url.username || url.password) return WEBHOOK_MSG.urlCredentials;
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (!host) return WEBHOOK_MSG.urlInvalid;
  const v4 = parseV4(host);
  const v6 = v4 ? null : parseV6(host);
  const local =
    LOCAL_NAMES.test(host) || (v4 !== null && v4[0] === 127) || v6?.slice(0, 7).every((x) => x === 0) === true;
  const internal = local || (v4 ? privateV4(v4) : v6 ? privateV6(v6) : !host.includes('.'));
  // Development mode: a receiver on this machine or its network, over http or https.
  if (devMode && internal) return null;
  if (url.protocol !== 'https:') return WEBHOOK_MSG.urlNotHttps;
  if (local) return WEBHOOK_MSG.urlLocal;
  if (internal) return WEBHOOK_MSG.urlPrivate;
  if (url.port !== '' && url.port !== '443') return WEBHOOK_MSG.urlPort;
  return null;
}
