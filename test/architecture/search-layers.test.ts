/**
 * Keeps the folder order docs/search.md ("Where the code is") promises inside src/search/: the worker
 * above the engine's entry modules, then rank/, index/, tokens/, query/ and text/, each importing only its
 * own folder or the ones below it. An upward import (text-forms.ts once took the episode suffix from
 * query/) makes the lower folder unreadable without the upper one. Reads the sources as text, so it runs
 * from the compiled test too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Compiled, this file sits in dist/test/architecture; the sources are beside dist/.
const SEARCH = join(ROOT.endsWith('/dist') ? resolve(ROOT, '../src') : join(ROOT, 'src'), 'search');

/** The layers, highest first; `.` is the modules directly in src/search/ (the engine's entry). */
const LAYERS = ['worker', '.', 'rank', 'index', 'tokens', 'query', 'text'];

function sources(): string[] {
  return readdirSync(SEARCH, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split('\\').join('/'));
}

/** The search modules a module imports (type imports included), as paths under src/search/. */
function searchImports(file: string): string[] {
  const text = readFileSync(join(SEARCH, file), 'utf8');
  const specifiers = [...text.matchAll(/^(?:import|export)\s[^'";]*?from\s*'(\.[^']+)'/gm)].map((match) => match[1] as string);
  return specifiers
    .map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier)))
    .filter((target) => !target.startsWith('../'))
    .map((target) => target.replace(/\.js$/, '.ts'));
}

describe('layers inside search/', () => {
  test('every folder of src/search has a layer', () => {
    const folders = new Set(sources().map((file) => posix.dirname(file)));
    assert.deepEqual(
      [...folders].filter((folder) => !LAYERS.includes(folder)),
      [],
    );
  });

  test('every import points to its own folder or a lower one', () => {
    const upward: string[] = [];
    for (const file of sources()) {
      const from = LAYERS.indexOf(posix.dirname(file));
      for (const target of searchImports(file)) {
        if (LAYERS.indexOf(posix.dirname(target)) < from) upward.push(`${file} -> ${target}`);
      }
    }
    assert.deepEqual(upward, []);
  });

  test('the check sees imports: rank/ reads index/, text/ reads no other folder', () => {
    assert.ok(sources().some((file) => file.startsWith('rank/') && searchImports(file).some((target) => target.startsWith('index/'))));
    assert.deepEqual(
      sources()
        .filter((file) => file.startsWith('text/'))
        .flatMap(searchImports)
        .filter((target) => !target.startsWith('text/')),
      [],
    );
  });
});
