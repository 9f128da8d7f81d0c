// The demo content is data files (src/demo/content/), read at run time by the compiled loader. A file the
// package leaves out (an ignore rule, a `files` list) would make `npm start` of an installed package fail
// only there, so this lists what `npm pack` would ship and looks for every one of them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = HERE.endsWith('/dist') ? resolve(HERE, '..') : HERE;

test('npm pack ships every demo content file the loader reads', () => {
  const content = readdirSync(join(ROOT, 'src/demo/content')).map((name) => `src/demo/content/${name}`);
  assert.ok(content.length >= 2, 'the demo catalogue and the demo boards');
  const packed = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const files = new Set((JSON.parse(packed) as Array<{ files: Array<{ path: string }> }>)[0]?.files.map(({ path }) => path));
  assert.deepEqual(
    content.filter((path) => !files.has(path)),
    [],
  );
});
