/**
 * The files an import's dry run checked, kept for its confirm step (docs/console.md, "Import"), so the
 * operator applies the file they saw checked without choosing it again. A kept file belongs to the
 * session that uploaded it (keyed by a hash of the session's CSRF token, which no other session has),
 * lives at most UPLOAD_KEPT_MS, and is taken once: applying it, or sending the confirm form again, finds
 * it gone. The files sit in this instance's memory, bounded by UPLOADS_MAX_BYTES (lru-cache drops the
 * oldest first); a confirm that reaches another instance, or comes too late, is told to upload again.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export const UPLOAD_KEPT_MS = 15 * 60_000;
const UPLOADS_MAX_BYTES = 128 * 1024 * 1024;

interface Kept {
  owner: string;
  name: string;
  text: string;
}

const ownerOf = (csrfToken: string) => createHash('sha256').update(csrfToken).digest('hex');

export class ImportUploads {
  private readonly kept = new LRUCache<string, Kept>({
    maxSize: UPLOADS_MAX_BYTES,
    sizeCalculation: (kept) => Math.max(1, Buffer.byteLength(kept.text)),
    ttl: UPLOAD_KEPT_MS,
  });

  /** Keeps a checked file for the session; the id its confirm form sends back. */
  keep(csrfToken: string, name: string, text: string): string {
    const id = randomBytes(18).toString('base64url');
    this.kept.set(id, { owner: ownerOf(csrfToken), name, text });
    return id;
  }

  /** The kept file, once, and only for the session that kept it. */
  take(csrfToken: string, id: string): { name: string; text: string } | undefined {
    const kept = this.kept.get(id);
    if (!kept || kept.owner !== ownerOf(csrfToken)) return undefined;
    this.kept.delete(id);
    return { name: kept.name, text: kept.text };
  }
}
