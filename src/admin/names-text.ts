/**
 * The console's words for the ids and sentences other components store or return in English: audit
 * actions (operations/audit-log.ts) and their details (audit-detail-text.ts), the import's rejection
 * reasons (ingest/validate-entry.ts), a source's poll error and a link check's reason and evidence
 * (stored-reasons-text.ts). A page in Chinese shows them in Chinese (docs/console.md, "On a phone, in one
 * language"); a sentence the tables do not know is shown as it came, so nothing is hidden from the operator.
 * The sentences come back as pieces (stored-pieces.ts), so a page marks only their data as stored text.
 */
import type { Language } from '../config/config.js';
import { AUDIT_DETAILS_ZH, AUDIT_TARGETS_ZH } from './audit-detail-text.js';
import { REFUSALS_ZH } from './refusal-text.js';
import { ISO_TIME, type Piece, rendered, type When } from './stored-pieces.js';
import { evidenceZh, LINK_REASONS_ZH, PAUSE_REASONS_ZH, pollErrorZh } from './stored-reasons-text.js';

const AUDIT_ACTIONS_ZH: Record<string, string> = {
  import: '导入',
  remove: '删除',
  'takedown add': '添加下架',
  'takedown lift': '解除下架',
  'sources add': '添加来源',
  'sources remove': '移除来源',
  'sources poll': '拉取来源',
  'links check': '检查链接',
  'links show': '重新显示',
  'report dismiss': '忽略报告',
  'breaker reset': '重置熔断',
  'breaker allow': '放行熔断',
  'account add': '添加账号',
  'account password': '修改密码',
  'account remove': '删除账号',
  'account unlock': '解除锁定',
  'key create': '创建密钥',
  'key revoke': '吊销密钥',
  'blacklist clear': '清空黑名单',
  'rankings import': '导入榜单',
  'token issue': '签发令牌',
  'token rebind': '重新绑定令牌',
  'token revoke': '吊销令牌',
  mirror: '镜像',
  'demo load': '载入演示数据',
};

const FIELDS_ZH: Record<string, string> = { title: '标题', source_link: '链接', type: '类型', update_time: '更新时间' };
const TYPES_ZH = '短剧、动漫、电影、电视剧、学习、外部短剧';

/** The import's reasons in Chinese, pattern by pattern (validate-entry.ts and validate-rows.ts). */
const REASONS_ZH: Array<[RegExp, (...parts: string[]) => string]> = [
  [/^not an object$/, () => '这一行不是一个对象'],
  [/^(\w+) is missing or not a string$/, (field) => `${FIELDS_ZH[field] ?? field}缺失或不是文本`],
  [/^title is empty$/, () => '标题为空'],
  [/^(\w+) contains a control character$/, (field) => `${FIELDS_ZH[field] ?? field}含有控制字符`],
  [
    /^(\w+) contains (.+), an invisible control character/,
    (field, what) => `${FIELDS_ZH[field] ?? field}含有不可见的控制字符 ${what}，会打乱文字`,
  ],
  [/^title is longer than (\d+) characters$/, (max) => `标题超过 ${max} 个字符`],
  [/^source_link "(.*)" is not an http\(s\) URL$/s, (link) => `链接“${link}”不是 http(s) 网址`],
  [/^type "(.*)" is not one of/s, (type) => `类型“${type}”无效，应为${TYPES_ZH}之一`],
  [/^update_time "(.*)" is not a real date-time/s, (time) => `更新时间“${time}”不是 YYYY-MM-DD HH:MM:SS 格式的真实时间`],
  [/^duplicate source_link, superseded by line (\d+)$/, (line) => `链接重复，以第 ${line} 行为准`],
  [/^taken down$/, () => '已下架'],
  [/^not valid JSON \((.*)\)$/s, (why) => `不是有效的 JSON（${why}）`],
];

export interface NamesText {
  auditAction(action: string): string;
  rejection(reason: string): string;
  /** An audit row's target: data as stored, or the Chinese of a thing an operation names itself. */
  auditTarget(action: string, target: string): Piece[];
  /** An audit row's detail; `when` writes a time inside it the console's way. */
  auditDetail(action: string, detail: string, when: When): Piece[];
  /** A source's last poll error (`lastError`) or a poll's reason. */
  pollError(reason: string): Piece[];
  /** A link check's reason line (a verdict's, a canary's, a pause's). */
  linkReason(reason: string): Piece[];
  /** Why a provider's checks pause. */
  pauseReason(reason: string): Piece[];
  /** A verdict's stored evidence in one line (links-model.ts `evidenceLine`). */
  evidence(line: string): Piece[];
  /** Why an operation refused what the operator asked (refusal-text.ts); `when` writes a time inside it. */
  refusal(message: string, when: When): Piece[];
}

/** A stored sentence that may be empty: no pieces then. */
const unlessEmpty =
  (read: (text: string) => Piece[]) =>
  (text: string): Piece[] =>
    text ? read(text) : [];

const zh: NamesText = {
  auditAction: (action) => AUDIT_ACTIONS_ZH[action] ?? action,
  rejection(reason) {
    for (const [pattern, words] of REASONS_ZH) {
      const match = pattern.exec(reason);
      if (match) return words(...match.slice(1));
    }
    return reason;
  },
  auditTarget: (action, target) => {
    const shapes = AUDIT_TARGETS_ZH[action];
    return shapes?.some(([pattern]) => pattern.test(target)) ? rendered(target, shapes) : [{ data: target }];
  },
  auditDetail: (action, detail, when) => (detail ? rendered(detail, AUDIT_DETAILS_ZH[action] ?? [], when) : []),
  pollError: unlessEmpty(pollErrorZh),
  linkReason: unlessEmpty((reason) => rendered(reason, LINK_REASONS_ZH)),
  pauseReason: unlessEmpty((reason) => rendered(reason, PAUSE_REASONS_ZH)),
  evidence: unlessEmpty(evidenceZh),
  refusal: (message, when) => rendered(message, REFUSALS_ZH, when),
};

const asItCame = unlessEmpty((text) => [text]);

const en: NamesText = {
  auditAction: (action) => action,
  rejection: (reason) => reason,
  auditTarget: (_action, target) => [{ data: target }],
  auditDetail: (_action, detail, when) => asItCame(detail.replace(ISO_TIME, when)),
  pollError: asItCame,
  linkReason: asItCame,
  pauseReason: asItCame,
  evidence: asItCame,
  refusal: (message, when) => [message.replace(ISO_TIME, when)],
};

export const NAMES_TEXT: Record<Language, NamesText> = { zh, en };

/** Every audit action the table names (for the tests that look for untranslated words). */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTIONS_ZH);
