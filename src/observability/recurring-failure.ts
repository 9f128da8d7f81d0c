/**
 * Background work that runs on every tick (the catalogue's refresh, the limits' sync) must not fail
 * silently, nor fill the log with one line per tick while the database is down. A `RecurringFailure`
 * logs the first failure of a streak with its error and context, counts every failure on a tally (the
 * metric operators alert on, docs/operations.md), and logs once more when the work succeeds again, with
 * how many runs failed and for how long.
 */
import type { Tally } from './instruments.js';
import { NO_TALLY } from './instruments.js';

/** The two levels a streak is reported at; pino's Logger fits. */
export interface FailureLog {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

export class RecurringFailure {
  private failures = 0;
  private since = 0;

  /** `task` names the work in the log lines, e.g. "catalogue refresh". */
  constructor(
    private readonly task: string,
    private readonly log: FailureLog | undefined,
    private readonly tally: Tally = NO_TALLY,
  ) {}

  /** Whether the last run failed. */
  get failing(): boolean {
    return this.failures > 0;
  }

  failed(error: unknown, context: object = {}): void {
    this.tally.inc();
    if (this.failures++ > 0) return;
    this.since = Date.now();
    this.log?.error(
      { err: error, task: this.task, ...context },
      `${this.task} failed; retried on the next tick, logged again when it recovers`,
    );
  }

  succeeded(): void {
    if (this.failures === 0) return;
    const seconds = Math.round((Date.now() - this.since) / 1000);
    this.log?.warn({ task: this.task, failedRuns: this.failures, seconds }, `${this.task} recovered`);
    this.failures = 0;
  }

  /** Runs `work` and records its outcome; never rejects, so a timer can call it with `void`. */
  async run(work: () => Promise<unknown>, context?: object): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.failed(error, context);
      return;
    }
    this.succeeded();
  }
}
