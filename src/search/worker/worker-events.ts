/**
 * What can happen to the search worker, as the `event` label of `dramadex_search_worker_events_total`
 * (docs/operations.md): it failed, a new one was started after the backoff, or the engine gave up after
 * too many failures in a row.
 */
export const SEARCH_WORKER_EVENTS = ['error', 'restart', 'gave_up'] as const;
export type SearchWorkerEvent = (typeof SEARCH_WORKER_EVENTS)[number];
