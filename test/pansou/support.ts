/** Shared by the PanSou suites: a catalogue with one entry per drive type, and requests to `/pansou`. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { EntryInput } from '../../src/catalogue/catalogue-store.js';

export const BASE = '/pansou';

/** Newest first, as the catalogue orders them; every title holds 逆袭. */
export const ENTRIES: Record<string, EntryInput> = {
  quark: {
    title: '逆袭之路 全集',
    source_link: 'https://pan.quark.cn/s/abcd1234?pwd=ab12',
    type: 'post',
    update_time: '2026-11-20 10:00:00',
  },
  baidu: { title: '逆袭人生', source_link: 'https://pan.baidu.com/s/1abcdEFG?pwd=x1y2', type: 'tv', update_time: '2026-11-19 10:00:00' },
  '115': {
    title: '逆袭 预告',
    source_link: 'https://115cdn.com/s/sw1abcd?password=p115',
    type: 'movie',
    update_time: '2026-11-18 10:00:00',
  },
  tianyi: {
    title: '逆袭天翼',
    source_link: 'https://cloud.189.cn/t/abcDEF12（访问码：t189）',
    type: 'post',
    update_time: '2026-11-17 10:00:00',
  },
  aliyun: { title: '逆袭阿里 完结', source_link: 'https://www.alipan.com/s/aliABC12', type: 'post', update_time: '2026-11-16 10:00:00' },
  uc: { title: '逆袭UC', source_link: 'https://drive.uc.cn/s/uc123456', type: 'post', update_time: '2026-11-15 10:00:00' },
  xunlei: {
    title: '逆袭迅雷',
    source_link: 'https://pan.xunlei.com/s/VNxunlei1?pwd=xl12',
    type: 'post',
    update_time: '2026-11-14 10:00:00',
  },
  '123': { title: '逆袭123', source_link: 'https://www.123pan.com/s/abcd-efgh', type: 'post', update_time: '2026-11-13 10:00:00' },
  pikpak: { title: '逆袭PikPak', source_link: 'https://mypikpak.com/s/VOpikpak1', type: 'post', update_time: '2026-11-12 10:00:00' },
  mobile: { title: '逆袭移动', source_link: 'https://caiyun.139.com/m/i?0F5CJabc', type: 'post', update_time: '2026-11-11 10:00:00' },
  others: { title: '逆袭其他', source_link: 'https://pan.example.com/s/other1', type: 'post', update_time: '2026-11-10 10:00:00' },
};

export function search(
  app: FastifyInstance,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress = '10.9.0.1',
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: `${BASE}/api/search`, payload: body as object, headers, remoteAddress });
}

export function get(app: FastifyInstance, path: string, headers: Record<string, string> = {}, remoteAddress = '10.9.0.1') {
  return app.inject({ method: 'GET', url: `${BASE}${path}`, headers, remoteAddress });
}

export function checkLinks(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}, remoteAddress = '10.9.0.1') {
  return app.inject({ method: 'POST', url: `${BASE}/api/check/links`, payload: body as object, headers, remoteAddress });
}

export interface MergedLink {
  url: string;
  password: string;
  note: string;
  datetime: string;
  source: string;
  images: string[];
}

export interface SearchBodyShape {
  code: number;
  message: string;
  data: { total: number; results?: Array<Record<string, unknown>>; merged_by_type?: Record<string, MergedLink[]> };
}
