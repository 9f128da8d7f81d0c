/**
 * The Quark-family share API (docs/link-health.md, "Quark" and "UC"): Quark and UC answer the same token
 * and detail requests with the same codes, on their own hosts. The token request says whether the share
 * exists and whether the code fits; with a token, the detail request says whether it still lists files.
 * Only codes measured on real dead shares are `dead` (kungal, 2026-06: 41004, 41006, 41011, 41012; pansou
 * and PanCheck: 41010, 41031 with HTTP 403); every other code is `unknown`, whatever its message says.
 */
import type { ShareLink } from '../../shared/share-links.js';
import type { CheckShare } from './provider.js';
import {
  type Answered,
  at,
  codeRows,
  decide,
  isEmptyArray,
  isNonEmptyArray,
  type Row,
  ruling,
  THROTTLE_WORDS,
  textAt,
} from './verdict-table.js';

/** Codes that need a code: 41008 "需要提取码" (HTTP 404, pansou), 41005 "请输入提取码" (funflix). */
export const LOCKED_CODES = [41008, 41005] as const;
/** Codes measured on dead shares: cancelled, deleted, expired, removed for a violation, sharer banned. */
export const DEAD_CODES = [41004, 41006, 41011, 41012, 41010, 41031] as const;
/** Quark's own "too frequent". */
export const THROTTLE_CODES = [41013] as const;

const code = (answer: Answered) => at(answer.json, 'code');
const message = (answer: Answered) => textAt(answer.json, 'message');

export function tokenTable(prefix: string, neverDecisive: readonly number[] = []): readonly Row[] {
  const step = `${prefix}.token`;
  return [
    {
      id: `${step}.ok`,
      when: 'code 0 with a stoken',
      test: (a) => code(a) === 0 && textAt(a.json, 'data', 'stoken') !== '',
      means: 'next',
    },
    ...codeRows(step, THROTTLE_CODES, code, 'throttled', 'too frequent'),
    { id: `${step}.slow-down`, when: 'message asks to slow down', test: (a) => THROTTLE_WORDS.test(message(a)), means: 'throttled' },
    ...codeRows(step, neverDecisive, code, 'unknown', 'never decisive'),
    ...codeRows(step, LOCKED_CODES, code, 'locked', 'needs a code'),
    ...codeRows(step, DEAD_CODES, code, 'dead', 'the share is gone'),
  ];
}

export function detailTable(prefix: string): readonly Row[] {
  const step = `${prefix}.detail`;
  const listed = (a: Answered) => a.status === 200 && code(a) === 0;
  return [
    ...codeRows(step, THROTTLE_CODES, code, 'throttled', 'too frequent'),
    { id: `${step}.slow-down`, when: 'message asks to slow down', test: (a) => THROTTLE_WORDS.test(message(a)), means: 'throttled' },
    // kungal: 3 of 27 token-alive shares were emptied for a violation and still listed their folder.
    {
      id: `${step}.partial-violation`,
      when: 'data.share.partial_violation true',
      test: (a) => listed(a) && at(a.json, 'data', 'share', 'partial_violation') === true,
      means: 'unknown',
    },
    {
      id: `${step}.files`,
      when: 'code 0 and files listed',
      test: (a) => listed(a) && isNonEmptyArray(at(a.json, 'data', 'list')),
      means: 'alive',
    },
    // PanCheck #2: dead shares pass the token step and list nothing.
    {
      id: `${step}.empty`,
      when: 'code 0 and an empty list',
      test: (a) => listed(a) && isEmptyArray(at(a.json, 'data', 'list')),
      means: 'dead',
    },
  ];
}

export interface QuarkFamilyApi {
  /** Row ids start with it (`quark`, `uc`). */
  prefix: string;
  tokenUrl: string;
  /** The detail URL without its query. */
  detailUrl: string;
  /** The `pr` and `fr` query values the provider's web client sends. */
  client: { pr: string; fr: string };
  /** Headers every request of the provider needs (UC: Origin and Referer). */
  headers?: Record<string, string>;
  /** Codes that mean nothing about the share (UC's 41027: an incomplete request). */
  neverDecisive?: readonly number[];
}

export function quarkFamilyCheck(api: QuarkFamilyApi): CheckShare {
  const tokens = tokenTable(api.prefix, api.neverDecisive);
  const details = detailTable(api.prefix);
  return async (share: ShareLink, send) => {
    const tokenAnswer = await send({
      method: 'POST',
      url: api.tokenUrl,
      headers: { 'content-type': 'application/json', ...api.headers },
      body: JSON.stringify({ pwd_id: share.shareId, passcode: share.code ?? '', support_visit_limit_private_share: true }),
    });
    const token = decide('token', tokenAnswer, tokens);
    if (token.means !== 'next' || tokenAnswer.kind !== 'answered') return ruling(token);
    const query = new URLSearchParams({
      pwd_id: share.shareId,
      stoken: textAt(tokenAnswer.json, 'data', 'stoken'),
      ver: '2',
      pr: api.client.pr,
      fr: api.client.fr,
      pdir_fid: '0',
      _page: '1',
      _size: '1',
      _fetch_share: '1',
    });
    const detail = await send({ method: 'GET', url: `${api.detailUrl}?${query}`, headers: api.headers });
    return ruling(decide('detail', detail, details));
  };
}
