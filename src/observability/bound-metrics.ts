/**
 * Counters and histograms for the request path whose children are bound to their labels once and
 * then cost a number increment (a histogram: a scan of its bounds) per call, with nothing allocated
 * and nothing hashed. prom-client's own children re-hash and re-validate their labels and build an
 * object on every call; that is fine for rare events but not for each request. These keep plain
 * numbers and hand them to prom-client's registry only when Prometheus scrapes, through the metric
 * interface the registry reads (`get()` with its values), so the exposition is still prom-client's.
 */
import type { Metric, Registry } from 'prom-client';
import type { Tally, Timing } from './instruments.js';

type Labels = Record<string, string>;

/** What prom-client's registry reads from a metric when it writes the exposition. */
interface Exposed {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  values: Array<{ metricName?: string; labels: Record<string, string | number>; value: number }>;
}

class BoundTally implements Tally {
  value = 0;
  constructor(readonly labels: Labels) {}
  inc(amount = 1): void {
    this.value += amount;
  }
}

class BoundTiming implements Timing {
  /** Observations per bucket, not cumulative (the exposition adds them up). */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;
  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length);
  }
  observe(seconds: number): void {
    this.sum += seconds;
    this.count++;
    const bounds = this.bounds;
    for (let index = 0; index < bounds.length; index++) {
      if (seconds <= (bounds[index] as number)) {
        (this.counts[index] as number)++;
        return;
      }
    }
  }
}

interface Declaration {
  name: string;
  help: string;
  labelNames: readonly string[];
}

/** The children of one metric by label values, each made once. */
abstract class BoundMetric<Child extends { labels: Labels }> {
  protected readonly children = new Map<string, Child>();
  constructor(protected readonly declaration: Declaration) {}

  get name(): string {
    return this.declaration.name;
  }

  /** The child for these label values, in the order of `labelNames`; made on first use, then reused. */
  child(...values: string[]): Child {
    const key = values.join('\u0000');
    let child = this.children.get(key);
    if (!child) {
      const labels = Object.fromEntries(this.declaration.labelNames.map((name, index) => [name, values[index] ?? '']));
      child = this.make(labels);
      this.children.set(key, child);
    }
    return child;
  }

  registerIn(registry: Registry): void {
    registry.registerMetric(this as unknown as Metric);
  }

  protected abstract make(labels: Labels): Child;
}

export class BoundCounter extends BoundMetric<BoundTally> {
  readonly type = 'counter';
  readonly aggregator = 'sum';
  protected make(labels: Labels): BoundTally {
    return new BoundTally(labels);
  }
  async get(): Promise<Exposed> {
    const values = [...this.children.values()].map(({ labels, value }) => ({ labels, value }));
    return { name: this.name, help: this.declaration.help, type: 'counter', aggregator: 'sum', values };
  }
  reset(): void {
    for (const child of this.children.values()) child.value = 0;
  }
}

export class BoundHistogram extends BoundMetric<BoundTiming> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  constructor(
    declaration: Declaration,
    private readonly bounds: readonly number[],
  ) {
    super(declaration);
  }
  protected make(labels: Labels): BoundTiming {
    return new BoundTiming(labels, this.bounds);
  }
  async get(): Promise<Exposed> {
    const values: Exposed['values'] = [];
    for (const { labels, counts, sum, count } of this.children.values()) {
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += counts[index] as number;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: bound }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
      values.push({ metricName: `${this.name}_sum`, labels, value: sum });
      values.push({ metricName: `${this.name}_count`, labels, value: count });
    }
    return { name: this.name, help: this.declaration.help, type: 'histogram', aggregator: 'sum', values };
  }
  reset(): void {
    for (const child of this.children.values()) {
      child.counts.fill(0);
      child.sum = 0;
      child.count = 0;
    }
  }
}
