/**
 * The Chinese of the audit record's `detail` column (docs/console.md, "The audit record"). The operations
 * keep writing it in English, as `dramadex audit` and the logs read it; a page in Chinese reads each row
 * back by its action's shapes, one per way the producer named beside it writes the detail. Titles, links,
 * names, labels, key prefixes and addresses are data and stay as they came; a time is written the console's
 * way (`it.when`). test/admin/stored-sentences.test.ts runs every operation and fails on a detail left in English.
 * The `target` column is data (a link, a name, a pattern), except where an operation names a thing of its
 * own there: those read back too (AUDIT_TARGETS_ZH).
 */
import { CONSOLE_TEXT } from './console-text.js';
import { OPERATIONS_TEXT } from './operations-text.js';
import { data, type Piece, rendered, type Shape, says } from './stored-pieces.js';
import { pollErrorZh, typeName, verdictReason } from './stored-reasons-text.js';

const o = OPERATIONS_TEXT.zh;

/** Counts of a write: `added 1, updated 2, unchanged 3[, removed 4], rejected 5` (importDetail, pollDetail, replacedLine). */
const COUNTS = 'added (\\d+), updated (\\d+), unchanged (\\d+)(?:, removed (\\d+))?, rejected (\\d+)';
const counts = ([added, updated, unchanged, removed, rejected]: string[]): Piece[] =>
  says`新增 ${added}，更新 ${updated}，未变 ${unchanged}${removed === undefined ? '' : `，移除 ${removed}`}，拒收 ${rejected}`;

/** Why a `remove` row's entry went (the causes audit-log.ts gives a removal). */
const REMOVAL_CAUSES_ZH: Shape[] = [
  [/^import --replace (.*)$/s, ([name]) => says`导入 ${data(name)} 时替换`],
  [/^mirror (.*) (\w+)$/s, ([base, type]) => says`镜像 ${data(base)} 的${typeName(type)}时替换`],
  [/^sources poll (.*) (\w+)$/s, ([source, type]) => says`拉取来源 ${data(source)} 的${typeName(type)}时替换`],
];

const CHECK_NOTES_ZH: Record<string, string> = {
  ', not in the catalogue (not recorded)': '，目录中没有这个链接（未记录）',
  ', hidden': '，已隐藏条目',
  ', shown': '，已重新显示条目',
  '  [suspect: hides nothing]': '（可疑：不隐藏任何条目）',
  '  [confirmed, waiting to hide]': '（已确认，等待隐藏）',
};

/** Each action's detail shapes, by the operation that writes them (src/operations/*.ts). */
export const AUDIT_DETAILS_ZH: Record<string, Shape[]> = {
  // account-operations.ts: the new account's role.
  'account add': [[/^(owner|moderator)$/, ([role]) => [CONSOLE_TEXT.zh.roleNames[role ?? ''] ?? role ?? '']]],
  // catalogue-operations.ts importDetail.
  import: [
    [
      new RegExp(`^(\\w+)( replace(?: (\\w+))?)?: ${COUNTS}$`),
      ([format, replace, type, ...rest]) =>
        says`${(format ?? '').toUpperCase()}${replace ? says`，替换${type ? typeName(type) : '全部类型'}` : ''}：${counts(rest)}`,
    ],
  ],
  // audit-log.ts, a removal's row: the title, and why when a replace removed it.
  remove: [
    [
      /^(.*) \(((?:import --replace|mirror|sources poll) .*)\)$/s,
      ([title, cause]) => says`${data(title)}（${rendered(cause ?? '', REMOVAL_CAUSES_ZH)}）`,
    ],
    [/^(.*)$/s, ([title]) => data(title)],
  ],
  // catalogue-operations.ts takeDown.
  'takedown add': [
    [
      /^(exact|prefix), removed (\d+)(?:, reason: (.*))?$/s,
      ([match, removed, reason]) =>
        says`${match === 'prefix' ? o.prefix : o.exact}，删除 ${removed} 条${reason ? says`，原因：${data(reason)}` : ''}`,
    ],
  ],
  // key-operations.ts create and revoke.
  'key create': [
    [
      /^(.*)…, (\d+)\/s(?:, label (.*))?$/s,
      ([prefix, rate, label]) => says`${data(prefix)}…，每秒 ${rate} 次${label ? says`，标签 ${data(label)}` : ''}`,
    ],
  ],
  'key revoke': [[/^(.*)…$/s, ([prefix]) => says`${data(prefix)}…`]],
  // link-operations.ts check and recordVerdict: the verdict, the reason line, what recording it did.
  'links check': [
    [
      /^(\w+): (.*?)(, not in the catalogue \(not recorded\))?(, hidden|, shown)?( {2}\[suspect: hides nothing\]| {2}\[confirmed, waiting to hide\])?$/s,
      ([verdict, reason, ...notes]) =>
        says`${verdictReason(verdict, reason)}${notes.map((note) => (note ? (CHECK_NOTES_ZH[note] ?? note) : ''))}`,
    ],
  ],
  // link-operations.ts allowPastCeiling.
  'breaker allow': [[/^past the dead-rate ceiling until (\S+)$/, ([until], when) => says`死链结论可越过上限，直到 ${when(until ?? '')}`]],
  // mirror-operations.ts replacedLine.
  mirror: [[new RegExp(`^${COUNTS}$`), counts]],
  // ranking-operations.ts.
  'rankings import': [
    [/^snapshot (\d+), (\d+) records from (.*)$/s, ([id, records, from]) => says`快照 ${id}，${records} 条记录，来自 ${data(from)}`],
  ],
  'token issue': [[/^(.*)…, bound to (.*)$/s, ([prefix, address]) => says`${data(prefix)}…，${boundTo(address)}`]],
  'token rebind': [[/^bound to (.*)$/s, ([address]) => boundTo(address)]],
  'token revoke': [[/^(.*)…$/s, ([prefix]) => says`${data(prefix)}…`]],
  // source-operations.ts add and pollDetail.
  'sources add': [
    [
      /^(telegram|upstream), (?:type (\w+)|(.*)), every (\d+) min$/s,
      ([kind, type, base, minutes]) =>
        says`${kind === 'telegram' ? o.telegram : o.upstream}，${type ? says`类型 ${typeName(type)}` : data(base)}，每 ${minutes} 分钟`,
    ],
  ],
  'sources poll': [
    [new RegExp(`^${COUNTS}$`), counts],
    [
      /^failed \((\w+)\): (.*)$/s,
      ([outcome, reason]) => says`失败（${o.pollOutcomes[outcome ?? ''] ?? data(outcome)}）：${pollErrorZh(reason ?? '')}`,
    ],
  ],
  // demo/load-demo-data.ts.
  'demo load': [
    [/^demo snapshots of every board$/, () => ['每个榜单的演示快照']],
    [/^added (\d+) entries$/, ([added]) => says`新增 ${added} 条`],
  ],
};

function boundTo(address: string | undefined): Piece[] {
  return address === '-' || address === undefined ? ['未绑定（首次使用时绑定）'] : says`绑定到 ${data(address)}`;
}

/** The targets an operation names itself (demo-operations.ts, key-operations.ts, ranking-operations.ts), by action. */
const KEY_TARGET: Shape[] = [[/^key (\d+)$/, ([id]) => says`密钥 ${id}`]];
const TOKEN_TARGET: Shape[] = [[/^token (\d+)$/, ([id]) => says`令牌 ${id}`]];
export const AUDIT_TARGETS_ZH: Record<string, Shape[]> = {
  'demo load': [
    [/^catalogue$/, () => ['目录']],
    [/^ranking boards$/, () => ['榜单']],
  ],
  'key create': KEY_TARGET,
  'key revoke': KEY_TARGET,
  'token issue': TOKEN_TARGET,
  'token rebind': TOKEN_TARGET,
  'token revoke': TOKEN_TARGET,
};
