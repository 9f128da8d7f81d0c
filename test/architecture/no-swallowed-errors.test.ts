/**
 * Keeps every caught error seen: a `.catch(() => undefined)` (or `null`, `{}`), an empty `catch {}` or a
 * `catch { return; }` under src/ must carry a `swallow-ok:` comment on its line or the line above that
 * says why dropping the error is right (another caller reports it, a cleanup after a reported failure).
 * Work on a timer reports its failures through observability/recurring-failure.ts instead. Reads the
 * sources as text, so it runs from the compiled test too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = ROOT.endsWith('/dist') ? resolve(ROOT, '../src') : join(ROOT, 'src');

const SWALLOWS = [
  /\.catch\(\s*(?:\(\s*\w*\s*\)|\w+)\s*=>\s*(?:undefined|null|void 0|\{\s*\})\s*\)/g,
  /catch\s*(?:\(\s*\w*\s*\))?\s*\{\s*(?:return;?\s*)?\}/g,
];
/** The marker and a reason of at least three words. */
const MARKER = /swallow-ok: *\S+ +\S+ +\S+/;

export function unexplainedSwallows(file: string, text: string): string[] {
  const found: string[] = [];
  for (const pattern of SWALLOWS) {
    for (const match of text.matchAll(pattern)) {
      const lineIndex = text.slice(0, match.index).split('\n').length - 1;
      const lines = text.split('\n');
      const nearby = `${lines[lineIndex - 1] ?? ''}\n${text.slice(match.index).split('\n')[0]}`;
      if (!MARKER.test(nearby)) found.push(`${file}:${lineIndex + 1}: ${match[0].replace(/\s+/g, ' ')}`);
    }
  }
  return found;
}

test('no caught error is dropped under src/ without a stated reason', () => {
  const files = readdirSync(SRC, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'));
  const found = files.flatMap((file) => unexplainedSwallows(file, readFileSync(join(SRC, file), 'utf8')));
  assert.deepEqual(found, []);
});

test('the scan finds the shapes it forbids and accepts a stated reason', () => {
  assert.equal(unexplainedSwallows('a.ts', 'x.catch(() => undefined);').length, 1);
  assert.equal(unexplainedSwallows('a.ts', 'try { f(); } catch {}').length, 1);
  assert.equal(unexplainedSwallows('a.ts', 'try { f(); } catch (error) {\n}').length, 1);
  assert.equal(unexplainedSwallows('a.ts', 'try { f(); } catch {\n  return;\n}').length, 1);
  assert.equal(unexplainedSwallows('a.ts', 'x.catch(() => undefined); // swallow-ok').length, 1, 'a marker without a reason');
  assert.equal(unexplainedSwallows('a.ts', 'x.catch(() => undefined); // swallow-ok: the caller reports it').length, 0);
  assert.equal(unexplainedSwallows('a.ts', '// swallow-ok: the caller reports it\nx.catch(() => undefined);').length, 0);
});
