/**
 * The Chinese of the reasons other components store in English and the console shows (docs/console.md,
 * "On a phone, in one language"): why a source's poll failed (sources/*.ts, a source's `lastError`), why a
 * request gave no answer (shared/capped-fetch.ts, shared/address-guard.ts), and a link check's reason line
 * and evidence (links/link-checker.ts `describeOutcome`, admin/links-model.ts `evidenceLine`). One shape per
 * way the producer writes its sentence, next to the producer it reads; hosts, channel names, paths, codes and
 * a provider's own words are data and stay as they came.
 */
import { TYPE_NAMES } from '../web/page-text.js';
import { OPERATIONS_TEXT } from './operations-text.js';
import { data, type Piece, rendered, type Shape, says } from './stored-pieces.js';

const verdictName = OPERATIONS_TEXT.zh.verdictName;
/** A content type's name, or the id as data when it is not one. */
export const typeName = (type: string | undefined): Piece[] =>
  type !== undefined && type in TYPE_NAMES.zh ? [TYPE_NAMES.zh[type as keyof typeof TYPE_NAMES.zh]] : data(type);

/** ipaddr.js's names of address ranges, as the address rule writes them. */
const RANGES_ZH: Record<string, string> = {
  private: '私有',
  loopback: '本机回环',
  linkLocal: '链路本地',
  uniqueLocal: '唯一本地',
  unspecified: '未指定',
  carrierGradeNat: '运营商 NAT',
  reserved: '保留',
  multicast: '组播',
  broadcast: '广播',
};

/** Why a request gave no answer: capped-fetch.ts (CappedFetchError), address-guard.ts (the address rule). */
export const REQUEST_FAILURES_ZH: Shape[] = [
  [/^timeout after (\d+) ms$/, ([ms]) => says`超时（${ms} 毫秒内没有回答完）`],
  [/^aborted$/, () => ['已中止']],
  [/^body over (\d+) bytes$/, ([bytes]) => says`回答超过 ${bytes} 字节`],
  [/^body cut short \((.*)\)$/s, ([why]) => says`回答中途断开（${data(why)}）`],
  [/^fetch failed(?: \((.*)\))?$/s, ([why]) => (why ? says`网络请求失败（${data(why)}）` : ['网络请求失败'])],
  [
    /^the address rule refuses (.+): an? (\w+) address \(only public addresses, or those in SOURCES_ALLOW_PRIVATE\)$/,
    ([host, range]) =>
      says`地址规则拒绝 ${data(host)}：${RANGES_ZH[range ?? ''] ?? data(range)}地址（只允许公网地址，或 ${data('SOURCES_ALLOW_PRIVATE')} 中的地址）`,
  ],
  [/^check failed: (.*)$/s, ([why]) => says`检查出错：${data(why)}`],
  [/^not a share link of a known provider$/, () => ['不是已知网盘的分享链接']],
];

const requestFailure = (text: string | undefined): Piece[] => (text === undefined ? [] : rendered(text, REQUEST_FAILURES_ZH));

/** A provider's message: one of our request failures translated, else the provider's own words. */
function providerMessage(message: string): Piece[] {
  const failure = rendered(message, REQUEST_FAILURES_ZH);
  return failure.length === 1 && failure[0] === message ? data(message) : failure;
}

/** What the provider said, `<request> code <code> "<message>"` (describeOutcome), each part optional. */
const SAID = /^(?:(?!code )([^\s"]+) ?)?(?:code (.*?)(?: (?=")|$))?(?:"(.*)")?$/s;

function saidPieces(said: string): Piece[] {
  const match = SAID.exec(said);
  if (!match) return data(said);
  const [, request, code, message] = match;
  const parts = [
    request ? says`请求 ${data(request)}` : [],
    code === undefined ? [] : says`代码 ${data(code)}`,
    message === undefined ? [] : says`“${providerMessage(message)}”`,
  ].filter((part) => part.length > 0);
  return parts.flatMap((part, index) => (index > 0 ? [' ', ...part] : part));
}

/** A check's reason line: `dead: token code 41004 "分享已取消" (HTTP 200, row quark.token.41004)`. */
export const LINK_REASONS_ZH: Shape[] = [
  [
    /^(\w+)( \(throttled\))?: (.*?) ?\((?:HTTP (\d+), )?row ([^()]*)\)$/s,
    ([verdict, throttled, said, status, row]) =>
      says`${verdictName(verdict ?? null)}${throttled ? '（被限流）' : ''}：${said ? saidPieces(said) : []}（${
        status ? `HTTP ${status}，` : ''
      }规则 ${data(row)}）`,
  ],
];

/**
 * A verdict with its reason line, the verdict said once: the line (describeOutcome) starts with it, as a
 * check's audit detail and a canary's pause reason write `<verdict>: <line>`.
 */
export function verdictReason(verdict: string | undefined, reason: string | undefined): Piece[] {
  const line = reason ?? '';
  if (verdict && line.startsWith(verdict)) return rendered(line, LINK_REASONS_ZH);
  return says`${verdictName(verdict ?? null)}：${rendered(line, LINK_REASONS_ZH)}`;
}

/** Why a provider's checks pause (guarded-recorder.ts, canary.ts): the breaker, a canary's verdict, a failed check's reason. */
export const PAUSE_REASONS_ZH: Shape[] = [
  [/^breaker open$/, () => ['熔断器打开']],
  [/^canary (\w+): (.*)$/s, ([verdict, reason]) => says`哨兵链接：${verdictReason(verdict, reason)}`],
  ...LINK_REASONS_ZH,
];

/** One part of the stored evidence line (links-model.ts `evidenceLine`, parts joined by ` · `). */
const EVIDENCE_PARTS_ZH: Shape[] = [
  [/^HTTP (\d+)$/, ([status]) => says`HTTP ${status}`],
  [/^code (.*)$/s, ([code]) => says`代码 ${data(code)}`],
  [/^\(([^()]*)\)$/, ([row]) => says`（规则 ${data(row)}）`],
  [/^(.*)$/s, ([message]) => providerMessage(message ?? '')],
];

/** The stored evidence in one line: `HTTP 200 · code 41004 · 分享已取消 · (quark.token.41004)`. */
export function evidenceZh(line: string): Piece[] {
  return line.split(' · ').flatMap((part, index) => [...(index > 0 ? [' · '] : []), ...rendered(part, EVIDENCE_PARTS_ZH)]);
}

/** A Telegram page that is not a channel preview (telegram-page.ts, PageShapeError). */
const PAGE_SHAPES_ZH: Shape[] = [
  [/^the page is not a channel preview \(no messages and no channel header\)$/, () => ['这不是频道预览页（没有消息，也没有频道标题）']],
  [/^a message has no data-post of the form (.*)$/s, ([form]) => says`有一条消息缺少 ${data(`data-post="${form}"`)} 这样的消息编号`],
  [/^message (\d+) has no time$/, ([id]) => says`消息 ${id} 没有时间`],
];

/** A dump the upstream's answer could not give (ingest/dump-stream.ts; the rest are shown as they came). */
const DUMP_PROBLEMS_ZH: Shape[] = [
  [/^the answer is not JSON \(it ends after (\d+) bytes\)$/, ([bytes]) => says`回答不是 JSON（${bytes} 字节后就结束了）`],
  [/^the answer is not JSON \(unexpected text at byte (\d+)\)$/, ([at]) => says`回答不是 JSON（第 ${at} 字节处有意外的内容）`],
  [/^the answer is not JSON \((.*)\)$/s, ([where]) => says`回答不是 JSON（${data(where)}）`],
];

const NOTHING_CHANGED = '；未作任何改动';

/** Why a source's poll failed: source-poller.ts, telegram-reader.ts, upstream-source.ts. */
export const POLL_ERRORS_ZH: Shape[] = [
  [/^no source named "(.*)"$/s, ([name]) => says`没有名为“${data(name)}”的来源`],
  [/^polled or being polled by another instance$/, () => ['另一个实例已拉取或正在拉取它']],
  [/^another instance is polling it now$/, () => ['另一个实例正在拉取它']],
  [/^"(.*)" is not a public channel name$/s, ([name]) => says`“${data(name)}”不是公开频道的名字`],
  [/^(\S+) has no public preview \(404\)$/, ([channel]) => says`${data(channel)} 没有公开预览（404）`],
  [/^(\S+) has no public preview \((\S+) redirects\)$/, ([channel, path]) => says`${data(channel)} 没有公开预览（${data(path)} 被重定向）`],
  [/^(\S+) answered 429 \(too many requests\); trying later$/, ([origin]) => says`${data(origin)} 回答 429（请求过多），稍后再试`],
  [/^(\S+) answered (\d+)$/, ([origin, status]) => says`${data(origin)} 回答 HTTP ${status}`],
  [/^(\S+): unknown page shape: (.*)$/s, ([path, why]) => says`${data(path)}：无法识别的页面：${rendered(why ?? '', PAGE_SHAPES_ZH)}`],
  [
    /^no catalogue answer from the upstream \(upstream_error; `dramadex mirror` on the server shows why\)$/,
    () => says`上游没有给出目录（在服务器上运行 ${data('dramadex mirror')} 可看到原因）`,
  ],
  [/^cannot reach (\S+): (.*)$/s, ([base, why]) => says`无法连接 ${data(base)}：${requestFailure(why)}`],
  [
    /^(\w+): \/api\/contents\/(\S+)\/all: (.*); nothing changed$/s,
    ([type, name, problem]) =>
      says`${typeName(type)}：${data(`/api/contents/${name}/all`)}：${rendered(problem ?? '', DUMP_PROBLEMS_ZH)}${NOTHING_CHANGED}`,
  ],
  [
    /^(\w+): none of its (\d+) items is valid \(item 1: (.*)\); nothing changed$/s,
    ([type, count, reason]) => says`${typeName(type)}：${count} 项全部无效（第 1 项：${data(reason)}）${NOTHING_CHANGED}`,
  ],
  [/^(\S+): (.*)$/s, ([origin, why]) => says`${data(origin)}：${requestFailure(why)}`],
];

/** An upstream poll's failures joined by `; ` (upstream-source.ts), each ending in one of these. */
const FAILURES_JOINED = /(?<=nothing changed|shows why\)); /;

/** A source's `lastError` in Chinese, failure by failure. */
export function pollErrorZh(reason: string): Piece[] {
  return reason.split(FAILURES_JOINED).flatMap((failure, index) => [...(index > 0 ? ['；'] : []), ...rendered(failure, POLL_ERRORS_ZH)]);
}
