/**
 * What the catalogue limits decide for a request, the names the decision metric counts under
 * (docs/operations.md): the limits' own vocabulary, handed to the metrics rather than taken from them.
 */
export const LIMIT_DECISIONS = ['allowed', 'refused', 'blacklisted', 'exempt', 'keyed', 'unknown_key'] as const;
export type LimitDecision = (typeof LIMIT_DECISIONS)[number];
