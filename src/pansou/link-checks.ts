/**
 * `{base}/api/check/links` from what dramadex already knows (docs/pansou.md): each link's stored verdict
 * and its reason, read in one query; a catalogue link never checked is moved up the check queue (once,
 * until it is checked: LinkQueueStore.expedite) and answers `uncertain` meanwhile; a link outside the
 * catalogue is `uncertain` and says so. Nothing here sends a request to a provider: checks happen only
 * in the guarded scheduler (docs/link-health.md).
 */
import type { Language } from '../config/config.js';
import type { Localized } from '../http/errors.js';
import type { LinkQueueStore } from '../links/link-queue-store.js';
import { withShareCode } from '../shared/share-links.js';
import type { Database } from '../store/database.js';
import { DRIVE_TYPES, driveLink } from './drive-types.js';

export interface CheckItem {
  disk_type: string;
  url: string;
  password: string;
}

export type CheckState = 'ok' | 'bad' | 'locked' | 'unsupported' | 'uncertain';

export interface CheckAnswer {
  disk_type: string;
  url: string;
  normalized_url: string;
  state: CheckState;
  cache_hit: boolean;
  checked_at: number;
  expires_at: number;
  summary: string;
}

interface StoredState {
  entry_hidden: number;
  verdict: string | null;
  decided_verdict: string | null;
  checked_at: string | null;
  due_at: number | string | null;
  reason: string | null;
  decided_reason: string | null;
}

export class LinkChecks {
  constructor(
    private readonly database: Database,
    private readonly queue: LinkQueueStore,
    /** Wakes the scheduler after links were moved up (undefined when LINK_CHECK=off). */
    private readonly poke: () => void,
  ) {}

  async check(items: CheckItem[], language: Language, now = Date.now()): Promise<CheckAnswer[]> {
    const candidates = items.map(candidatesOf);
    const stored = await this.read([...new Set(candidates.flat())]);
    const unchecked: string[] = [];
    const answers = items.map((item, index) => {
      const link = (candidates[index] as string[]).find((candidate) => stored.has(candidate));
      const drive = driveLink(link ?? item.url);
      const diskType = (DRIVE_TYPES as readonly string[]).includes(item.disk_type) ? item.disk_type : drive.type;
      const base = { disk_type: diskType, url: item.url, normalized_url: link ?? (candidates[index] as string[])[0] ?? item.url };
      if (!link) return { ...base, ...uncertain(SAYS.outside, language) };
      const state = stored.get(link) as StoredState;
      if (!drive.provider || state.verdict === 'unsupported')
        return { ...base, ...uncertain(SAYS.unsupported, language), state: 'unsupported' as const };
      if (state.verdict === null) {
        unchecked.push(link);
        return { ...base, ...uncertain(SAYS.queued, language) };
      }
      return { ...base, ...verdictAnswer(state, language) };
    });
    if (unchecked.length > 0 && (await this.queue.expedite(unchecked, now)) > 0) this.poke();
    return answers;
  }

  private async read(links: string[]): Promise<Map<string, StoredState>> {
    if (links.length === 0) return new Map();
    const rows = await this.database.db
      .selectFrom('entries')
      .leftJoin('link_states', 'link_states.source_link', 'entries.source_link')
      .select([
        'entries.source_link',
        'entries.hidden as entry_hidden',
        'link_states.verdict',
        'link_states.decided_verdict',
        'link_states.checked_at',
        'link_states.due_at',
        'link_states.reason',
        'link_states.decided_reason',
      ])
      .where('entries.source_link', 'in', links)
      .execute();
    return new Map(rows.map((row) => [row.source_link, row as StoredState]));
  }
}

/** The link as sent, then with the sent code put in its provider's form (a client may send them apart). */
function candidatesOf(item: CheckItem): string[] {
  const url = item.url.trim();
  const withCode = item.password ? withShareCode(url, item.password.trim()) : url;
  return withCode === url ? [url] : [url, withCode];
}

function uncertain(summary: Localized, language: Language) {
  return { state: 'uncertain' as const, cache_hit: false, checked_at: 0, expires_at: 0, summary: summary[language] };
}

function verdictAnswer(state: StoredState, language: Language) {
  const checkedAt = state.checked_at ? Date.parse(state.checked_at) : 0;
  const due = Number(state.due_at ?? 0);
  const timing = { cache_hit: true, checked_at: checkedAt, expires_at: due > checkedAt ? due : 0 };
  const hidden = Number(state.entry_hidden) === 1;
  if (hidden || (state.verdict === 'dead' && state.decided_verdict === 'dead')) {
    return { ...timing, state: 'bad' as const, summary: withReason(SAYS.dead, state.decided_reason ?? state.reason, language) };
  }
  if (state.verdict === 'alive') return { ...timing, state: 'ok' as const, summary: SAYS.alive[language] };
  if (state.verdict === 'locked') return { ...timing, state: 'locked' as const, summary: withReason(SAYS.locked, state.reason, language) };
  const summary = state.verdict === 'dead' ? SAYS.confirming : SAYS.unknown;
  return { ...timing, state: 'uncertain' as const, summary: withReason(summary, state.reason, language) };
}

function withReason(summary: Localized, reason: string | null, language: Language): string {
  if (!reason) return summary[language];
  return language === 'zh' ? `${summary.zh}（${reason}）` : `${summary.en} (${reason})`;
}

const SAYS = {
  outside: { zh: '该链接不在本目录中，未检查', en: 'This link is not in this catalogue; it is not checked' },
  unsupported: { zh: '本目录不检查此类链接', en: 'This catalogue does not check links of this kind' },
  queued: { zh: '尚未检查，已提前排队检查', en: 'Not checked yet; moved up the check queue' },
  alive: { zh: '链接有效', en: 'The link works' },
  dead: { zh: '链接已失效', en: 'The link is dead' },
  locked: { zh: '需要提取码或提取码错误', en: 'An extraction code is needed or wrong' },
  confirming: { zh: '首次检查为失效，等待复核', en: 'Found dead once; waiting for the confirming check' },
  unknown: { zh: '检查未能得出结论', en: 'The check could not decide' },
} satisfies Record<string, Localized>;
