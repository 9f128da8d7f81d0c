/**
 * The page's static files (stylesheet, script, icon), read once at start and served from memory under
 * a name carrying a hash of their content (`site.3f9a1c0b2e.css`), so a browser may keep each one for a
 * year without asking again (`immutable`) and a new release changes the name, never a cached file.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { ASSETS_DIRECTORY } from './web-files.js';

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface Asset {
  body: Buffer;
  contentType: string;
  etag: string;
}

export class Assets {
  /** Served name (`site.<hash>.css`) → file. */
  private readonly byServedName = new Map<string, Asset>();
  /** Source name (`site.css`) → its URL. */
  private readonly urls: Record<string, string> = {};

  /** `urlPrefix`: where the files are served (the console serves its own under `/admin/assets/`). */
  constructor(directory = ASSETS_DIRECTORY, urlPrefix = '/assets/') {
    for (const name of readdirSync(directory)) {
      const extension = extname(name);
      const contentType = CONTENT_TYPES[extension];
      if (!contentType) continue;
      const body = readFileSync(join(directory, name));
      const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
      const served = `${name.slice(0, -extension.length)}.${hash}${extension}`;
      this.byServedName.set(served, { body, contentType, etag: `"${hash}"` });
      this.urls[name] = `${urlPrefix}${served}`;
    }
  }

  /** The URL of a source file, e.g. `url('site.css')`; throws for a file that does not exist. */
  url(name: string): string {
    const url = this.urls[name];
    if (!url) throw new Error(`no web asset named ${name}`);
    return url;
  }

  get(servedName: string): Asset | undefined {
    return this.byServedName.get(servedName);
  }
}
