/**
 * The link checker's Prometheus metrics (docs/link-health.md, docs/operations.md): checks by provider and
 * verdict, their time, unknown provider codes (a bounded number of labels each), and what pauses or slows
 * a provider. Registered in the process's registry by metrics.ts, which hands out the recorder.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Distinct unknown codes labelled per provider before the rest count as `other`. */
const UNKNOWN_CODE_LABELS = 50;

/** What the link checker records. */
export interface LinkCheckRecorder {
  /** `unknownCode`: the provider's code when no row named it (docs/link-health.md, "Evidence"). */
  checked(provider: string, verdict: string, seconds: number, unknownCode?: string): void;
  paused(provider: string, paused: boolean): void;
  breaker(provider: string, open: boolean): void;
  hideWaited(provider: string): void;
  rate(provider: string, perSecond: number): void;
}

export class LinkCheckMetrics {
  private readonly linkChecks: Counter;
  private readonly linkCheckDuration: Histogram;
  private readonly linkUnknownCodes: Counter;
  /** The codes already labelled, per provider: past UNKNOWN_CODE_LABELS a provider's new codes count as `other`. */
  private readonly unknownCodeLabels = new Map<string, Set<string>>();
  private readonly linkProviderPaused: Gauge;
  private readonly linkBreakerOpen: Gauge;
  private readonly linkHidesWaiting: Counter;
  private readonly linkCheckRate: Gauge;

  constructor(registry: Registry) {
    this.linkChecks = new Counter({
      name: 'dramadex_link_checks_total',
      help: 'Link checks (docs/link-health.md), by provider and verdict (alive, locked, dead, unknown, unsupported)',
      labelNames: ['provider', 'verdict'],
      registers: [registry],
    });
    this.linkCheckDuration = new Histogram({
      name: 'dramadex_link_check_duration_seconds',
      help: 'Time one link check took, its provider requests included, by provider',
      labelNames: ['provider'],
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
      registers: [registry],
    });
    this.linkUnknownCodes = new Counter({
      name: 'dramadex_link_unknown_codes_total',
      help: 'Provider answers with a code no table row names (verdict unknown), by provider and code',
      labelNames: ['provider', 'code'],
      registers: [registry],
    });
    this.linkProviderPaused = new Gauge({
      name: 'dramadex_link_provider_paused',
      help: '1 while checks of a provider are paused (a throttle, failures in a row, its breaker or canary), as this instance sees it, else 0',
      labelNames: ['provider'],
      registers: [registry],
    });
    this.linkBreakerOpen = new Gauge({
      name: 'dramadex_link_breaker_open',
      help: "1 while a provider's dead-rate breaker is open (its dead verdicts hide nothing), as this instance sees it, else 0",
      labelNames: ['provider'],
      registers: [registry],
    });
    this.linkHidesWaiting = new Counter({
      name: 'dramadex_link_hides_waiting_total',
      help: 'Confirmed dead entries that wait for the next hour (or day) because their provider reached LINK_CHECK_MAX_HIDES_PER_HOUR (or its LINK_CHECK_MAX_HIDDEN_SHARE_PER_DAY)',
      labelNames: ['provider'],
      registers: [registry],
    });
    this.linkCheckRate = new Gauge({
      name: 'dramadex_link_check_rate',
      help: 'Checks a second a provider is asked at now, for the whole deployment (slower after a throttle)',
      labelNames: ['provider'],
      registers: [registry],
    });
  }

  /** What the link checker records: labelled per call, checks being seconds apart per provider. */
  recorder(): LinkCheckRecorder {
    return {
      checked: (provider, verdict, seconds, unknownCode) => {
        this.linkChecks.labels(provider, verdict).inc();
        this.linkCheckDuration.labels(provider).observe(seconds);
        if (unknownCode !== undefined) this.linkUnknownCodes.labels(provider, this.unknownCodeLabel(provider, unknownCode)).inc();
      },
      paused: (provider, paused) => this.linkProviderPaused.labels(provider).set(paused ? 1 : 0),
      breaker: (provider, open) => this.linkBreakerOpen.labels(provider).set(open ? 1 : 0),
      hideWaited: (provider) => this.linkHidesWaiting.labels(provider).inc(),
      rate: (provider, perSecond) => this.linkCheckRate.labels(provider).set(perSecond),
    };
  }

  /** A provider decides its codes: a bounded number of label values each keeps a broken API from flooding the registry. */
  private unknownCodeLabel(provider: string, code: string): string {
    const labels = this.unknownCodeLabels.get(provider) ?? new Set<string>();
    this.unknownCodeLabels.set(provider, labels);
    if (labels.has(code)) return code;
    if (labels.size >= UNKNOWN_CODE_LABELS) return 'other';
    labels.add(code);
    return code;
  }
}
