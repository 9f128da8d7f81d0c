/**
 * The shapes the catalogue interface answers with (docs/openapi-catalogue.json), as a client reads them:
 * loosely, since an upstream may be the original service. Items of a dump stay `unknown` until they pass
 * the import rules (src/ingest/validate-rows.ts).
 */
export interface CatalogueItem {
  title: string;
  source_link: string;
  type: string;
  update_time: string;
}

/** What a GET answered: the parsed body, or `notModified` when the upstream said 304 to `etag`. */
export type Fetched<T> = { notModified: false; body: T; etag: string | undefined } | { notModified: true; etag: string };

export interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

export interface FullDumpData {
  items: unknown[];
  total: number;
  content_type: string;
  is_all_data?: boolean;
}

export interface PageData {
  items: CatalogueItem[];
  total: number;
  page: number;
  limit: number;
  total_pages: number;
}
