/**
 * Response-cache keys of replayed searches, by their raw request target. A repeated search is answered
 * from ready bytes, but reaching its key took parsing every time: the keyword's NFKC form and checks, the
 * type and paging, and the key's text, about a fifth of what the handler-side of a replayed search cost
 * (docs/deployment.md, "The request path"). The key is a pure function of the target (the
 * router parses the query from it) and of the response language, so once a target's answer has been
 * found cached its key is remembered here, and the next request with that target and language goes
 * straight to the cache. Only targets found cached are remembered, so distinct searches add nothing; a
 * target that fails to parse is never remembered. Validation and the limits run as before: they come
 * before the handler.
 */
import { LRUCache } from 'lru-cache';
import type { Language } from '../config/config.js';

/**
 * Targets remembered per language (a replayed search stays among them while it keeps being asked), and
 * their characters with the keys': a long target (up to Node's 16 KB of headers) is not kept.
 */
const TARGETS_PER_LANGUAGE = 4_096;
const CHARACTERS_PER_LANGUAGE = 512 * 1024;
const LONGEST_REMEMBERED = 1_024;

const targets = () =>
  new LRUCache<string, string>({
    max: TARGETS_PER_LANGUAGE,
    maxSize: CHARACTERS_PER_LANGUAGE,
    maxEntrySize: LONGEST_REMEMBERED,
    sizeCalculation: (key, target) => target.length + key.length,
  });

export class ReplayedTargets {
  private readonly byLanguage: Record<Language, LRUCache<string, string>> = { zh: targets(), en: targets() };

  /** The cache key of `target` in `language`, if its answer was found cached before. */
  key(target: string, language: Language): string | undefined {
    return this.byLanguage[language].get(target);
  }

  /** Remembers the key of a target whose answer was just found cached (the same key string object). */
  remember(target: string, language: Language, key: string): void {
    this.byLanguage[language].set(target, key);
  }
}
