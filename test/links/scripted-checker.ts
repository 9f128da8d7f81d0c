/**
 * A provider stand-in for scheduler tests: answers each link with its scripted verdicts in turn (the
 * last one repeating), counts checks per link and the most in flight at once, and can hold every check
 * until the test lets them go. The provider checkers themselves are tested against fixture servers.
 */

import { EventEmitter } from 'node:events';
import { type CheckOutcome, type LinkChecker, outcomeOf, type Verdict } from '../../src/links/link-checker.js';
import { parseShareLink } from '../../src/shared/share-links.js';

export class ScriptedChecker extends EventEmitter<{ started: [link: string] }> implements LinkChecker {
  readonly checks = new Map<string, number>();
  readonly order: string[] = [];
  /** Date.now() as each check began. */
  readonly startedAt: number[] = [];
  inFlight = 0;
  mostInFlight = 0;
  /** Links being checked by more than one caller at once (must stay empty). */
  readonly overlapping = new Set<string>();
  private readonly active = new Set<string>();
  private held: Array<() => void> | undefined;

  constructor(
    private readonly script: (link: string) => Verdict[] = () => ['alive'],
    private readonly throttled = false,
  ) {
    super();
  }

  /** From now on checks wait until `release()`. */
  hold(): void {
    this.held = [];
  }

  release(): void {
    const waiting = this.held ?? [];
    this.held = undefined;
    for (const go of waiting) go();
  }

  async check(link: string): Promise<CheckOutcome> {
    const count = (this.checks.get(link) ?? 0) + 1;
    this.checks.set(link, count);
    this.order.push(link);
    this.startedAt.push(Date.now());
    if (this.active.has(link)) this.overlapping.add(link);
    this.active.add(link);
    this.inFlight++;
    this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
    this.emit('started', link);
    try {
      if (this.held) await new Promise<void>((resolve) => this.held?.push(resolve));
      else await new Promise((resolve) => setImmediate(resolve));
      const verdicts = this.script(link);
      const verdict = verdicts[Math.min(count, verdicts.length) - 1] ?? 'unknown';
      return outcomeOf(verdict, parseShareLink(link)?.provider, { row: 'scripted' }, this.throttled && verdict === 'unknown');
    } finally {
      this.inFlight--;
      this.active.delete(link);
    }
  }
}
