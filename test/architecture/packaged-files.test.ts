// Files under src/ that are not TypeScript (the demo content, the web page's, the console's and the API
// reference's templates and assets) are read at run time from beside the compiled module that reads them:
// the build copies every one of them to dist/src/ (scripts/copy-runtime-files.js), and the package ships
// dist/src/ alone (package.json `files`). This lists what `npm pack` would ship and looks for each of them
// there, and checks that no module finds its files through the checkout's src/ (the image and an
// installed package have none). test/boot/shipped-package.test.ts serves from the packed set itself.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = HERE.endsWith('/dist') ? resolve(HERE, '..') : HERE;

const sourceFiles = readdirSync(resolve(ROOT, 'src'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) =>
    resolve(entry.parentPath, entry.name)
      .slice(resolve(ROOT, 'src').length + 1)
      .split('\\')
      .join('/'),
  );

test('npm pack ships every file under src/ that is read at run time, under dist/src/', () => {
  const runtimeFiles = sourceFiles.filter((file) => !file.endsWith('.ts'));
  for (const expected of [
    'demo/content/demo-boards.json',
    'demo/content/demo-catalogue.json',
    'http/api-reference/views/reference.eta',
    'admin/assets/console.css',
    'web/assets/site.css',
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
    runtimeFiles.filter((path) => !files.has(`dist/src/${path}`)),
    [],
  );
  assert.deepEqual(
    [...files].filter((path) => path.startsWith('src/')),
    [],
    'the sources do not ship: nothing may need them at run time',
  );
});

test('no module under src/ reaches for a path through a src folder', () => {
  const reaching = sourceFiles
    .filter((file) => file.endsWith('.ts'))
    .filter((file) => {
      const code = readFileSync(resolve(ROOT, 'src', file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      return /['"`/}]src(?:['"`/]|\$\{)/.test(code); // 'src', '../src/', `${sep}src${sep}`
    });
  assert.deepEqual(reaching, []);
});
