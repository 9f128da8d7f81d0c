/**
 * Which language a response speaks: Simplified Chinese by default (the original service's audience),
 * English when configured or when the request's Accept-Language prefers English over Chinese.
 */
import type { Language } from '../config.js';

export function responseLanguage(acceptLanguage: string | undefined, fallback: Language): Language {
  if (fallback === 'en' || !acceptLanguage) return fallback;
  let english = 0;
  let chinese = 0;
  for (const part of acceptLanguage.split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.find((p) => p.trim().startsWith('q='));
    const q = qParam ? Number(qParam.trim().slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (tag === 'en' || tag.startsWith('en-')) english = Math.max(english, q);
    if (tag === 'zh' || tag.startsWith('zh-')) chinese = Math.max(chinese, q);
  }
  return english > chinese ? 'en' : fallback;
}
