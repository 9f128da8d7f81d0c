/**
 * `serve`'s background polling (SOURCES=on): every `checkMs` it asks the store which sources are due and
 * polls those whose lease it can take, one at a time, never two rounds at once. Stopping aborts a poll in
 * progress (which then writes nothing) and waits for it to end.
 */
import type { Logger } from '../observability/logger.js';
import type { RecurringFailure } from '../observability/recurring-failure.js';
import type { PollReport, SourcePoller } from './source-poller.js';

export class SourceScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly poller: SourcePoller,
    private readonly stopSignal: AbortController,
    private readonly log: Logger,
    /** A round that fails (the store is down) is logged once per streak and counted. */
    private readonly failures: RecurringFailure,
  ) {}

  start(checkMs: number): void {
    this.timer = setInterval(() => void this.round(), checkMs);
    this.timer.unref();
    void this.round();
  }

  /** One look at the due sources, unless the previous one is still going. */
  round(): Promise<void> {
    this.running ??= this.failures
      .run(async () => {
        for (const report of await this.poller.pollDue()) this.logReport(report);
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopSignal.abort();
    await this.running;
  }

  private logReport(report: PollReport): void {
    if (report.outcome === 'ok') {
      const { name, added, updated, unchanged, removed } = report;
      this.log.info({ source: name, added, updated, unchanged, removed, rejected: report.rejected.length }, 'polled a source');
    } else this.log.warn({ source: report.name, outcome: report.outcome, reason: report.reason }, 'polling a source failed');
  }
}
