/**
 * Why a poll of a source failed, as an outcome word for `sources list` and the metrics (`rate_limited`,
 * `no_preview`, …) and one line for an operator. A failed poll writes nothing and is tried again later.
 */
export const POLL_OUTCOMES = [
  'ok',
  'no_preview',
  'rate_limited',
  'unknown_page',
  'unreachable',
  'upstream_error',
  'invalid',
  'failed',
] as const;
export type PollOutcome = (typeof POLL_OUTCOMES)[number];

export class SourceFailure extends Error {
  constructor(
    readonly outcome: Exclude<PollOutcome, 'ok'>,
    message: string,
  ) {
    super(message);
  }
}
