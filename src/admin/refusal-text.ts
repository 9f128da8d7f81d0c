/**
 * The Chinese of the refusals the console's pages can meet (docs/console.md, "On a phone, in one
 * language"). An operation refuses in English (operations/operation-refused.ts), as the command line
 * prints it; a page in Chinese reads the refusal back by its shape, one per sentence the operation writes,
 * next to the operation that writes it. What the operator typed (a link, a name, a number) and ids (a
 * provider, an option) are data and stay as they came. The command line's own refusals (accounts, tokens,
 * the blacklist) never reach a page and are not here; a refusal no shape knows is shown as it came.
 */
import { data, rendered, type Shape, says } from './stored-pieces.js';
import { PAUSE_REASONS_ZH } from './stored-reasons-text.js';

/** The import's reading of a file (ingest/read-rows.ts, csv-rows.ts). */
const FILE_REFUSALS_ZH: Shape[] = [
  [/^the file is not a valid JSON array \((.*)\)$/s, ([why]) => says`文件不是有效的 JSON 数组（${data(why)}）`],
  [/^the file is not a JSON array$/, () => ['文件不是 JSON 数组']],
  [
    /^line 1 is longer than (\d+) characters, so it is no CSV header \(is the file CSV with line breaks\?\)$/,
    ([max]) => says`第 1 行超过 ${max} 个字符，不像 CSV 表头（文件是按行分隔的 CSV 吗？）`,
  ],
  [
    /^the CSV header must name (.*); "(.*)" lacks (.*)$/s,
    ([needed, header, missing]) => says`CSV 表头必须含有 ${data(needed)}；“${data(header)}”缺少 ${data(missing)}`,
  ],
];

/** operations/source-operations.ts and sources/source-store.ts. */
const SOURCE_REFUSALS_ZH: Shape[] = [
  [
    /^"(.*)" is not a public channel name \(letters, digits, _; 4 to 32\)$/s,
    ([name]) => says`“${data(name)}”不是公开频道名（字母、数字和下划线，4 到 32 个字符）`,
  ],
  [
    /^"(.*)" has a "\?" or "#": give the upstream's origin and path only$/s,
    ([url]) => says`“${data(url)}”含有 ? 或 #：只填上游的源站和路径`,
  ],
  [/^a source named "(.*)" is already registered$/s, ([name]) => says`已有名为“${data(name)}”的来源`],
  [/^no source named "(.*)"$/s, ([name]) => says`没有名为“${data(name)}”的来源`],
  [
    /^(--[a-z]+) must be a whole number from (\d+) to (\d+), not "(.*)"$/s,
    ([option, min, max, given]) => says`${data(option)} 应为 ${min} 到 ${max} 之间的整数，而不是“${data(given)}”`,
  ],
  [/^"(.*)" is not an http\(s\) address$/s, ([text]) => says`“${data(text)}”不是 http(s) 地址`],
];

/** operations/catalogue-operations.ts and catalogue/takedowns.ts. */
const TAKEDOWN_REFUSALS_ZH: Shape[] = [
  [/^no takedown "(.*)"$/s, ([pattern]) => says`没有下架规则“${data(pattern)}”`],
  [
    /^"(.*)" is not a link or link prefix \(http:\/\/ or https:\/\/ and a host\)$/s,
    ([pattern]) => says`“${data(pattern)}”不是链接或链接前缀（以 http:// 或 https:// 开头，带主机名）`,
  ],
];

/** operations/link-operations.ts. */
const LINK_REFUSALS_ZH: Shape[] = [
  [/^not an http\(s\) link: "(.*)"$/s, ([link]) => says`不是 http(s) 链接：“${data(link)}”`],
  [
    /^(\w+) is paused until (\S+) \((.*)\); reset its breaker to check now$/s,
    ([provider, until, reason], when) =>
      says`${data(provider)} 暂停至 ${when(until ?? '')}（${rendered(reason ?? '', PAUSE_REASONS_ZH)}）；重置熔断后可以立即检查`,
  ],
  [
    /^(\w+) is checked at most (\S+) times a second \(LINK_CHECK_RATE, shared with the background checks\); its next turn is in (\d+) s$/,
    ([provider, rate, seconds]) =>
      says`${data(provider)} 每秒最多检查 ${rate} 次（${data('LINK_CHECK_RATE')}，与后台检查共用）；${seconds} 秒后轮到它`,
  ],
  [/^no hidden entry has the link (.*)$/s, ([link]) => says`没有使用链接 ${data(link)} 的隐藏条目`],
  [/^(.*) is not reported$/s, ([link]) => says`${data(link)} 没有待处理的报告`],
  [/^unknown provider "(.*)"$/s, ([provider]) => says`未知的网盘“${data(provider)}”`],
  [
    /^--hours must be a whole number of hours from 1 to (\d+), got "(.*)"$/s,
    ([max, given]) => says`时长应为 1 到 ${max} 之间的整数小时，而不是“${data(given)}”`,
  ],
];

export const REFUSALS_ZH: Shape[] = [...FILE_REFUSALS_ZH, ...SOURCE_REFUSALS_ZH, ...TAKEDOWN_REFUSALS_ZH, ...LINK_REFUSALS_ZH];
