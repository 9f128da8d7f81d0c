/**
 * The cloud-drive share links the catalogue knows (docs/link-health.md, "Link forms"): which provider a
 * link belongs to, its share id and the extraction code it carries, read the way each provider's links
 * carry one (`?pwd=`, 115's `?password=`, Tianyi's `（访问码：…）` after the link). Link health checks what
 * this recognises; sources use it to find links in posts and to put a posted code into a link; config
 * uses it to read canary links. The id and the code are validated here, so nothing that reaches a
 * provider's URL came unchecked from user data. The forms live here, in the lowest layer, because config
 * reads them; each provider's descriptor (links/providers/) takes its form from `LINK_FORMS`.
 */

export const PROVIDER_IDS = ['quark', 'baidu', 'alipan', '123pan', 'tianyi', '115', 'uc', 'xunlei'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export interface ShareLink {
  provider: ProviderId;
  /** The share's id as the provider's API takes it (Baidu: the `surl`, without the leading `1`). */
  shareId: string;
  /** The extraction code carried in the link, if any. */
  code: string | undefined;
  /** The link's host, lower-cased: always one of its form's fixed `hosts` (never any other host from the data). */
  host?: string;
}

/** How a provider's links carry a code: `?pwd=`, 115's `?password=`, Tianyi's `（访问码：…）` after the link. */
export type CodeStyle = 'pwd' | 'password' | 'tianyi';

export interface LinkForm {
  /** The hosts of its share links (not its API hosts). */
  hosts: readonly string[];
  /** Reads the share id from the URL's path and query; undefined when the path is not a share. */
  shareId(url: URL): string | undefined;
  codeStyle: CodeStyle;
}

const ID = /^[A-Za-z0-9_-]{4,64}$/;
const CODE = /^[A-Za-z0-9]{1,16}$/;

/** `/s/<id>` (an optional trailing slash or `.html`). */
const sharePath = (url: URL) => /^\/s\/([^/]+?)(?:\.html)?\/?$/.exec(url.pathname)?.[1];
const ALIAS_123 = ['123684', '123685', '123912', '123592', '123865'];

export const LINK_FORMS: Readonly<Record<ProviderId, LinkForm>> = {
  quark: { hosts: ['pan.quark.cn'], shareId: sharePath, codeStyle: 'pwd' },
  baidu: {
    hosts: ['pan.baidu.com'],
    shareId: (url) => {
      if (url.pathname === '/share/init') return url.searchParams.get('surl') ?? undefined;
      const id = sharePath(url);
      return id?.startsWith('1') ? id.slice(1) : undefined;
    },
    codeStyle: 'pwd',
  },
  alipan: { hosts: ['www.alipan.com', 'alipan.com', 'www.aliyundrive.com', 'aliyundrive.com'], shareId: sharePath, codeStyle: 'pwd' },
  '123pan': {
    hosts: [
      'www.123pan.com',
      '123pan.com',
      'yun.123pan.com',
      'www.123pan.cn',
      '123pan.cn',
      ...ALIAS_123.flatMap((n) => [`www.${n}.com`, `${n}.com`]),
    ],
    shareId: sharePath,
    codeStyle: 'pwd',
  },
  tianyi: {
    hosts: ['cloud.189.cn', 'h5.cloud.189.cn'],
    shareId: (url) => {
      if (url.pathname === '/web/share' || url.pathname === '/share.html') return url.searchParams.get('code') ?? undefined;
      return /^\/t\/([^/]+)\/?$/.exec(url.pathname)?.[1];
    },
    codeStyle: 'tianyi',
  },
  '115': {
    hosts: ['115.com', 'www.115.com', '115cdn.com', 'www.115cdn.com', 'anxia.com', 'www.anxia.com'],
    shareId: sharePath,
    codeStyle: 'password',
  },
  uc: { hosts: ['drive.uc.cn'], shareId: sharePath, codeStyle: 'pwd' },
  xunlei: { hosts: ['pan.xunlei.com'], shareId: sharePath, codeStyle: 'pwd' },
};

const BY_HOST = new Map(PROVIDER_IDS.flatMap((provider) => LINK_FORMS[provider].hosts.map((host) => [host, provider] as const)));

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
  const host = url.hostname.toLowerCase();
  const provider = BY_HOST.get(host);
  if (!provider) return undefined;
  const form = LINK_FORMS[provider];
  const shareId = form.shareId(url);
  if (!shareId || !ID.test(shareId)) return undefined;
  const code = form.codeStyle === 'tianyi' ? tianyiCode?.[1] : url.searchParams.get(form.codeStyle === 'pwd' ? 'pwd' : 'password');
  // A code in an unexpected shape is treated as absent: the check then says `locked`, never `dead`.
  return { provider, shareId, code: code && CODE.test(code) ? code : undefined, host };
}

/**
 * The link with `code` carried the way its provider's links carry one (a posted `提取码` put into the link),
 * or the link unchanged when it is not a known share link, already carries a code, or the code is malformed.
 */
export function withShareCode(link: string, code: string): string {
  const share = parseShareLink(link);
  if (!share || share.code || !CODE.test(code)) return link;
  const style = LINK_FORMS[share.provider].codeStyle;
  if (style === 'tianyi') return `${link.trim()}（访问码：${code}）`;
  const url = new URL(link.trim());
  url.searchParams.set(style === 'password' ? 'password' : 'pwd', code);
  return url.toString();
}

function safeDecode(text: string): string {
  if (!text.includes('%')) return text; // nothing to decode: most links, and every answer's parse (docs/pansou.md)
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}
