/**
 * What the API reference (`/docs`, http/api-reference-page.ts) says of each operation and group, in both
 * languages the service speaks. OpenAPI has one `summary` and `description`: they carry the English, and
 * `x-summary-zh` / `x-description-zh` (extensions, which @fastify/swagger copies from a route schema into
 * the operation) the Chinese, so the document stays standard and the page can speak either language.
 */
import type { Localized } from './errors.js';

export interface OperationDocs {
  tags: string[];
  summary: string;
  'x-summary-zh': string;
  description?: string;
  'x-description-zh'?: string;
}

/** Spread into a route schema: its group (an OpenAPI tag) and its summary, and optionally a description. */
export function operationDocs(tag: string, summary: Localized, description?: Localized): OperationDocs {
  return {
    tags: [tag],
    summary: summary.en,
    'x-summary-zh': summary.zh,
    ...(description ? { description: description.en, 'x-description-zh': description.zh } : {}),
  };
}

/** One group of the reference (an OpenAPI tag object), named in both languages. */
export function tagDocs(name: string, title: Localized, description: Localized) {
  return { name, description: description.en, 'x-title-en': title.en, 'x-title-zh': title.zh, 'x-description-zh': description.zh };
}
