/**
 * A bound on how long a console page waits for the store (docs/console.md, "When the store is slow"): a
 * page whose reads have not finished in time is answered with an error page instead of holding the
 * operator's browser (and the connection) until the store recovers. The read itself is not cancelled;
 * its late answer is dropped.
 */
export class StoreTooSlow extends Error {
  constructor(ms: number) {
    super(`the store did not answer within ${ms} ms`);
  }
}

export function withinDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new StoreTooSlow(ms)), ms);
  });
  work.catch(() => undefined); // swallow-ok: a read that fails after the deadline was already answered
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
