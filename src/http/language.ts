/**
 * Which language a response speaks: Simplified Chinese by default (the original service's audience),
 * English when configured or when the request's Accept-Language prefers English over Chinese. The
 * weighing is @fastify/accept-negotiator's; it matches whole tokens, so each language range is first cut
 * to its primary subtag (`en-GB` is English, `zh-Hant-TW` Chinese). On a tie Chinese wins.
 */
import { Negotiator } from '@fastify/accept-negotiator';
import type { Language } from '../config/config.js';

const languages = new Negotiator({ supportedValues: ['zh', 'en'] });

export function responseLanguage(acceptLanguage: string | undefined, fallback: Language): Language {
  if (fallback === 'en' || !acceptLanguage) return fallback;
  const primarySubtags = acceptLanguage.toLowerCase().replace(/-[a-z0-9-]*/g, '');
  return languages.negotiate(primarySubtags) === 'en' ? 'en' : fallback;
}
