/**
 * What the operator configured for the guards (docs/link-health.md, "Guards"), and the defaults where
 * they said nothing: each provider's base rate and whether its confirmed deads hide. Pure: nothing here
 * reads the store, so the console, `links breaker` and the scheduler all read one answer.
 */
import type { ProviderRates } from '../../config/link-check.js';
import type { ProviderId } from '../../shared/share-links.js';
import { DEFAULT_RATES as DESCRIPTOR_RATES } from '../providers/registry.js';

/**
 * Checks a second when LINK_CHECK_RATE does not name the provider: each provider's descriptor says
 * (providers/registry.ts; alipan answers 1/s with an hourly quota, so 0.2).
 */
export const DEFAULT_RATES: Readonly<Partial<Record<ProviderId, number>>> = DESCRIPTOR_RATES;
export const DEFAULT_RATE = 1;
/** Providers whose confirmed deads hide nothing unless LINK_CHECK_HIDE names them (a disputed API). */
export const HIDING_OFF_BY_DEFAULT: readonly ProviderId[] = ['123pan'];

export interface GuardSettings {
  rates: ProviderRates;
  hide: readonly ProviderId[] | undefined;
  canaries: Partial<Record<ProviderId, string>>;
  maxHidesPerHour: number;
  /** LINK_CHECK_MAX_HIDDEN_SHARE_PER_DAY (guards/daily-hide-share.ts). */
  maxHiddenSharePerDay: number;
  /** LINK_CHECK_DEAD_CEILING and LINK_CHECK_CEILING_SAMPLES (guards/dead-ceiling.ts). */
  deadCeiling: number;
  ceilingSamples: number;
}

/** LINK_CHECK_RATE for the provider, else its own default, else DEFAULT_RATE. */
export function baseRateOf(settings: GuardSettings, provider: ProviderId): number {
  return settings.rates.each[provider] ?? settings.rates.all ?? DEFAULT_RATES[provider] ?? DEFAULT_RATE;
}

/** LINK_CHECK_HIDE names the provider, or (unset) it is not one of HIDING_OFF_BY_DEFAULT. */
export function hidesDeads(settings: GuardSettings, provider: ProviderId): boolean {
  return settings.hide ? settings.hide.includes(provider) : !HIDING_OFF_BY_DEFAULT.includes(provider);
}
