/**
 * The cloud-drive share links the catalogue knows (docs/link-health.md, "Link forms"): which provider a
 * link belongs to, its share id and the extraction code it carries, read the way each provider's links
 * carry one (`?pwd=`, 115's `?password=`, Tianyi's `（访问码：…）` after the link). Link health checks what
 * this recognises; sources use it to find links in posts and to put a posted code into a link. The id and
 * the code are validated here, so nothing that reaches a provider's URL came unchecked from user data.
 * The forms themselves (hosts, where the id sits, how a code rides) are each provider's descriptor's.
 */
import type { ShareLink } from './provider-id.js';
import { PROVIDERS } from './providers/registry.js';

export { PROVIDER_IDS, type ProviderId, type ShareLink } from './provider-id.js';

const ID = /^[A-Za-z0-9_-]{4,64}$/;
const CODE = /^[A-Za-z0-9]{1,16}$/;

/** Each provider's link form, by the hosts of its links (the descriptors under providers/ hold them). */
const BY_HOST = new Map(Object.values(PROVIDERS).flatMap((provider) => provider.link.hosts.map((host) => [host, provider] as const)));

/** Tianyi's code after the link: `（访问码：abcd）`, `(访问码:abcd)`, raw or percent-encoded in the link. */
const TIANYI_CODE = /[（(]\s*访问码\s*[：:]\s*([A-Za-z0-9]{1,16})\s*[）)]\s*$/;

/** The provider, share id and code of a link; undefined for a link of no known provider or a malformed one. */
export function parseShareLink(link: string): ShareLink | undefined {
  const text = safeDecode(link.trim());
  const tianyiCode = TIANYI_CODE.exec(text);
  let url: URL;
  try {
    url = new URL(tianyiCode ? text.slice(0, tianyiCode.index) : text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const provider = BY_HOST.get(url.hostname.toLowerCase());
  if (!provider) return undefined;
  const { link: form } = provider;
  const shareId = form.shareId(url);
  if (!shareId || !ID.test(shareId)) return undefined;
  const code = form.codeStyle === 'tianyi' ? tianyiCode?.[1] : url.searchParams.get(form.codeStyle === 'pwd' ? 'pwd' : 'password');
  // A code in an unexpected shape is treated as absent: the check then says `locked`, never `dead`.
  return { provider: provider.id, shareId, code: code && CODE.test(code) ? code : undefined };
}

/**
 * The link with `code` carried the way its provider's links carry one (a posted `提取码` put into the link),
 * or the link unchanged when it is not a known share link, already carries a code, or the code is malformed.
 */
export function withShareCode(link: string, code: string): string {
  const share = parseShareLink(link);
  if (!share || share.code || !CODE.test(code)) return link;
  const style = PROVIDERS[share.provider].link.codeStyle;
  if (style === 'tianyi') return `${link.trim()}（访问码：${code}）`;
  const url = new URL(link.trim());
  url.searchParams.set(style === 'password' ? 'password' : 'pwd', code);
  return url.toString();
}

function safeDecode(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
