// Files under src/ that are not TypeScript (the demo content, the web page's and the API reference's
// templates and assets) are read at run time from the package's sources (shared/source-files.ts). A file
// the package leaves out (an ignore rule such as .gitignore's `data/`, a `files` list) would make
// `npm start` of an installed package fail only there, so this lists what `npm pack` would ship and looks
// for every one of them.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = HERE.endsWith('/dist') ? resolve(HERE, '..') : HERE;

test('npm pack ships every file under src/ that is read at run time', () => {
  const runtimeFiles = readdirSync(resolve(ROOT, 'src'), { recursive: true })
    .map((file) => `src/${String(file).split('\\').join('/')}`)
    .filter((file) => /\.(json|eta|css|js|svg)$/.test(file));
  for (const expected of [
    'src/demo/content/demo-boards.json',
    'src/demo/content/demo-catalogue.json',
    'src/http/api-reference/views/reference.eta',
  ]) {
    assert.ok(runtimeFiles.includes(expected), expected);
  }
  const packed = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const files = new Set((JSON.parse(packed) as Array<{ files: Array<{ path: string }> }>)[0]?.files.map(({ path }) => path));
  assert.deepEqual(
    runtimeFiles.filter((path) => !files.has(path)),
    [],
  );
});
