/**
 * The building worker's work as the pool's other workers take it (docs/search.md, "Every core"): the
 * latest build and its pinyin lists, both arrays in shared memory, and the last order the others were
 * given. A worker that does not build answers searches only once it holds a build (is seeded): the first
 * build is handed to it, and a restarted one gets the latest build with only the titles that build lacks
 * or marked outdated (the rest are in its texts). A Latin keyword goes to the builder until the build's
 * pinyin lists are shared, so no other worker makes a copy of its own.
 */
import { RankColumns } from '../index/rank-columns.js';
import type { IndexedTitles } from '../search-engine.js';
import type { OrderMessage, SharedBuild, SharedPinyin, ToWorker } from './search-messages.js';
import type { Reply, SearchThread } from './search-thread.js';
import { titlesMessage } from './view-messages.js';

/** A keyword that may be read as pinyin (query/search-query.ts reads only Latin letters so). */
const LATIN = /[a-z]/i;

export class SharedBuilds {
  /** Per worker: it holds the view and a build (the builder, index 0: always while it runs). */
  private readonly seeded: boolean[];
  private latestBuild: SharedBuild | undefined;
  /** The last order the other workers were given. */
  private followersOrder: OrderMessage | undefined;
  private latestPinyin: SharedPinyin | undefined;

  constructor(private readonly threads: readonly SearchThread[]) {
    this.seeded = threads.map((_, index) => index === 0);
  }

  /** Whether the worker may answer this keyword now. */
  mayTake(index: number, keyword: string): boolean {
    if (!this.seeded[index]) return false;
    return index === 0 || this.latestPinyin !== undefined || !LATIN.test(keyword);
  }

  /** A change, to every worker that holds a build (the others are seeded from the view later). */
  post(message: ToWorker): void {
    this.threads.forEach((thread, index) => {
      if (this.seeded[index]) thread.post(message);
    });
  }

  /** The builder followed an order: the other workers get it, with the build if it built one, or are seeded. */
  orderAnswered(message: OrderMessage, reply: Reply, view: IndexedTitles): void {
    if (reply.build) {
      this.latestBuild = reply.build;
      this.latestPinyin = undefined;
    }
    const followersOrder: OrderMessage = { ...message, id: 0, adopt: reply.build };
    this.followersOrder = followersOrder;
    this.threads.forEach((thread, index) => {
      if (index === 0 || thread.state !== 'running') return;
      if (this.seeded[index]) thread.post(followersOrder);
      else this.seed(index, view);
    });
  }

  /** Seeds a worker that does not build and holds no build yet; the builder has applied every change before now. */
  seed(index: number, view: IndexedTitles): void {
    const { latestBuild, followersOrder } = this;
    const thread = this.threads[index];
    if (!thread || index === 0 || this.seeded[index] || thread.state !== 'running' || !latestBuild || !followersOrder) return;
    thread.post(titlesMessage(view, RankColumns.slotsNotBuilt(latestBuild.parts.columns, view.slotCount)));
    thread.post({ ...followersOrder, adopt: latestBuild });
    if (this.latestPinyin) thread.post({ kind: 'pinyin', pinyin: this.latestPinyin });
    this.seeded[index] = true;
  }

  /** The builder's pinyin lists: the other workers read them from now on; false when they are for an older build. */
  pinyinMade(pinyin: SharedPinyin): boolean {
    if (pinyin.buildId !== this.latestBuild?.id) return false;
    this.latestPinyin = pinyin;
    this.threads.forEach((thread, index) => {
      if (index > 0 && this.seeded[index]) thread.post({ kind: 'pinyin', pinyin });
    });
    return true;
  }

  /** A worker stopped: it is seeded again once restarted. */
  stopped(index: number): void {
    if (index > 0) this.seeded[index] = false;
  }

  /**
   * The builder restarted and builds afresh. With no other worker, nothing needs the latest build any
   * more: let its memory go. (Others keep it until the builder's next build after an order.)
   */
  builderRestarted(): void {
    if (this.threads.length === 1) this.latestBuild = undefined;
  }
}
