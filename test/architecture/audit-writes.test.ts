/**
 * Keeps "one path for every change" (docs/console.md) true: the audit record is written only by
 * src/operations/, so a change the command line makes goes through the same operation, with the same
 * rows, as the console's. The command line may name its actor (`CLI_ACTOR`) but never opens the audit log
 * nor writes to it. Reads the sources as text, so it runs from the compiled test too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Compiled, this file sits in dist/test/architecture; the sources are beside dist/.
const SRC = ROOT.endsWith('/dist') ? resolve(ROOT, '../src') : join(ROOT, 'src');

/** What writing the audit record looks like: the log itself, its writes, or a row inserted by hand. */
const AUDIT_WRITE = /\bAuditLog\b|\.writeIn\(|insertInto\(\s*'audit_log'\s*\)|\bremovalRecords\b/g;

function sources(folder: string): string[] {
  return readdirSync(join(SRC, folder), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(folder, file.split('\\').join('/')));
}

function auditWrites(files: string[]): string[] {
  return files.flatMap((file) => [...readFileSync(join(SRC, file), 'utf8').matchAll(AUDIT_WRITE)].map((match) => `${file}: ${match[0]}`));
}

describe('audit writes', () => {
  test('the command line writes no audit row itself: each of its changes is an operation', () => {
    assert.deepEqual(auditWrites(sources('cli')), []);
  });

  test('rows go into the audit record only from src/operations/: nothing else opens the log or inserts a row', () => {
    const outside = readdirSync(SRC, { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.ts') && !file.startsWith('operations/'));
    assert.deepEqual(auditWrites(outside), []);
  });
});
