/**
 * The cloud drive a link points at, named from its host (docs/web.md): people choose a link
 * by the drive they have an app for. Matched on the host and its parent domains, so `pan.quark.cn` and
 * `drive.quark.cn` are both Quark; an unknown host is shown as itself. Only http(s) links are links.
 */
import type { Language } from '../config/config.js';

interface Provider {
  zh: string;
  en: string;
}

const PROVIDERS: Record<string, Provider> = {
  'quark.cn': { zh: '夸克网盘', en: 'Quark' },
  'baidu.com': { zh: '百度网盘', en: 'Baidu' },
  'alipan.com': { zh: '阿里云盘', en: 'Alipan' },
  'aliyundrive.com': { zh: '阿里云盘', en: 'Alipan' },
  'xunlei.com': { zh: '迅雷云盘', en: 'Xunlei' },
  'uc.cn': { zh: 'UC 网盘', en: 'UC' },
  '115.com': { zh: '115 网盘', en: '115' },
  '115cdn.com': { zh: '115 网盘', en: '115' },
  'anxia.com': { zh: '115 网盘', en: '115' },
  '123pan.com': { zh: '123 云盘', en: '123' },
  '123pan.cn': { zh: '123 云盘', en: '123' },
  '123684.com': { zh: '123 云盘', en: '123' },
  '123865.com': { zh: '123 云盘', en: '123' },
  '123912.com': { zh: '123 云盘', en: '123' },
  '189.cn': { zh: '天翼云盘', en: 'Tianyi' },
  '139.com': { zh: '移动云盘', en: 'China Mobile' },
  'lanzou.com': { zh: '蓝奏云', en: 'Lanzou' },
  'lanzoui.com': { zh: '蓝奏云', en: 'Lanzou' },
  'lanzoux.com': { zh: '蓝奏云', en: 'Lanzou' },
  'pikpak.com': { zh: 'PikPak', en: 'PikPak' },
  'mypikpak.com': { zh: 'PikPak', en: 'PikPak' },
};

export interface LinkFacts {
  /** The link is http(s) and parses: it may become an `href`. */
  openable: boolean;
  /** The drive's name, the bare host for an unknown one, or empty for a link that does not parse. */
  provider: string;
}

export function linkFacts(link: string, language: Language): LinkFacts {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return { openable: false, provider: '' };
  }
  const openable = url.protocol === 'https:' || url.protocol === 'http:';
  const host = url.hostname.toLowerCase();
  return { openable, provider: providerOf(host)?.[language] ?? host.replace(/^www\./, '') };
}

function providerOf(host: string): Provider | undefined {
  for (let domain = host; domain.includes('.'); domain = domain.slice(domain.indexOf('.') + 1)) {
    const known = PROVIDERS[domain];
    if (known) return known;
  }
  return undefined;
}
