/**
 * UC (`drive.uc.cn/s/<id>[?public=1]`), docs/link-health.md "Providers": no API, the share page itself,
 * fetched as a phone. The page is read with an HTML parser (htmlparser2) into three facts: the text of
 * its error elements, whether it has a code input, whether it has a file list; the table reads those.
 * Words in file names never count: only text inside an error element is searched.
 */
import { Parser } from 'htmlparser2';
import type { ShareLink } from '../../shared/share-links.js';
import type { ProviderModule } from './provider.js';
import { type Answered, decide, type Row, ruling, THROTTLE_WORDS } from './verdict-table.js';

const DEAD_WORDS = /失效|不存在|违规|删除|停止分享/;
const CODE_PLACEHOLDER = /提取码|访问码|密码/;

export interface SharePage extends Answered {
  errorText: string;
  hasCodeInput: boolean;
  hasFileList: boolean;
}

export const PAGE_TABLE: readonly Row<SharePage>[] = [
  {
    id: 'uc.page.error-text-says-the-share',
    when: 'error text says the share is gone',
    test: (p) => DEAD_WORDS.test(p.errorText),
    means: 'dead',
  },
  {
    id: 'uc.page.error-text-asks-to-slow',
    when: 'error text asks to slow down',
    test: (p) => THROTTLE_WORDS.test(p.errorText),
    means: 'throttled',
  },
  { id: 'uc.page.a-code-input', when: 'a code input', test: (p) => p.hasCodeInput, means: 'locked' },
  { id: 'uc.page.a-file-list', when: 'a file list', test: (p) => p.status === 200 && p.hasFileList, means: 'alive' },
];

const classes = (attributes: Record<string, string>) => (attributes.class ?? '').split(/\s+/).filter(Boolean);

/** The facts of a share page, from a real parse (a page that is not HTML has none of them). */
export function readSharePage(answer: Answered): SharePage {
  const page: SharePage = { ...answer, errorText: '', hasCodeInput: false, hasFileList: false };
  // One entry per open element: whether it is an error element, an input wrapper.
  const open: Array<{ error: boolean; inputWrap: boolean }> = [];
  const inside = (key: 'error' | 'inputWrap') => open.some((element) => element[key]);
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const names = classes(attributes);
        if (names.some((token) => /(^|-)file-(list|item)(-|$)/.test(token))) page.hasFileList = true;
        if (name === 'input' && (inside('inputWrap') || CODE_PLACEHOLDER.test(attributes.placeholder ?? ''))) page.hasCodeInput = true;
        open.push({ error: names.some((token) => /error/i.test(token)), inputWrap: names.includes('input-wrap') });
      },
      ontext(text) {
        if (inside('error')) page.errorText += text;
      },
      onclosetag() {
        open.pop();
      },
    },
    { decodeEntities: true },
  );
  parser.end(answer.text);
  return page;
}

export const uc: ProviderModule = {
  id: 'uc',
  hosts: ['drive.uc.cn'],
  phone: true,
  sharePage: (share) => `https://drive.uc.cn/s/${share.shareId}`,
  async check(share: ShareLink, send) {
    const answer = await send({ method: 'GET', url: `https://drive.uc.cn/s/${share.shareId}`, headers: { accept: 'text/html' } });
    return ruling(decide('page', answer, PAGE_TABLE, readSharePage));
  },
};
