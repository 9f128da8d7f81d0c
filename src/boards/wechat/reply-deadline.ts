/**
 * The WeChat reply deadline (docs/ranking.md, "The 5-second deadline"): an answer not ready in time gives
 * way to "still working" while the work goes on. The deadline is a function rather than a number of
 * milliseconds so that tests can end it when they choose, instead of racing a real timer.
 */

/** Resolves when the time for an answer is up; `signal` aborts when the answer came first. */
export type Deadline = (signal: AbortSignal) => Promise<void>;

/** A deadline `ms` of real time away (the default: WeChat waits 5 s, so 4 s leaves room for the network). */
export function afterMs(ms: number): Deadline {
  return (signal) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
    });
}

/** What `promise` settles to if it does so before `deadline`, else `late` (the promise keeps running). */
export async function within<T, L>(promise: Promise<T>, deadline: Deadline, late: L): Promise<T | L> {
  const answered = new AbortController();
  try {
    return await Promise.race([promise, deadline(answered.signal).then(() => late)]);
  } finally {
    answered.abort();
  }
}
