/**
 * The launcher's young-generation flags (young-generation-flags.ts): `serve`, `mirror` and `sources` get
 * the cap unless the operator chose one, other commands run as they are, and a process started with the
 * cap really has the smaller young generation (V8's heap limit includes the three semi-spaces).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { SEMI_SPACE_MB, YOUNG_GENERATION_FLAGS, youngGenerationRestartArgs } from '../../src/boot/young-generation-flags.js';

const LAUNCHER = fileURLToPath(new URL('../../../bin/dramadex.js', import.meta.url));

test('serve restarts with the young-generation cap and floor, keeping node options and arguments in order', () => {
  assert.deepEqual(
    youngGenerationRestartArgs({
      argv: ['bin/dramadex.js', 'serve', '--demo'],
      execArgv: ['--enable-source-maps'],
      nodeOptions: undefined,
    }),
    [...YOUNG_GENERATION_FLAGS, '--enable-source-maps', 'bin/dramadex.js', 'serve', '--demo'],
  );
});

test('the commands that stream an upstream dump (mirror, sources) get the cap too', () => {
  for (const command of ['mirror', 'sources']) {
    assert.deepEqual(youngGenerationRestartArgs({ argv: ['bin/dramadex.js', command, 'x'], execArgv: [], nodeOptions: undefined }), [
      ...YOUNG_GENERATION_FLAGS,
      'bin/dramadex.js',
      command,
      'x',
    ]);
  }
});

test('other commands run as they are', () => {
  assert.equal(
    youngGenerationRestartArgs({ argv: ['bin/dramadex.js', 'import', 'serve.ndjson'], execArgv: [], nodeOptions: undefined }),
    undefined,
  );
  assert.equal(youngGenerationRestartArgs({ argv: ['bin/dramadex.js'], execArgv: [], nodeOptions: undefined }), undefined);
});

test("an operator's own semi-space size wins, in NODE_OPTIONS or on node's command line", () => {
  const serve = ['bin/dramadex.js', 'serve'];
  assert.equal(
    youngGenerationRestartArgs({ argv: serve, execArgv: [], nodeOptions: '--max-old-space-size=2048 --max-semi-space-size=64' }),
    undefined,
  );
  assert.equal(youngGenerationRestartArgs({ argv: serve, execArgv: [], nodeOptions: '--max_semi_space_size=8' }), undefined);
  assert.equal(youngGenerationRestartArgs({ argv: serve, execArgv: ['--max-semi-space-size=32'], nodeOptions: undefined }), undefined);
  assert.equal(youngGenerationRestartArgs({ argv: serve, execArgv: ['--min-semi-space-size=1'], nodeOptions: undefined }), undefined);
  // The restarted process carries the flags in its execArgv, so it never restarts twice.
  assert.equal(youngGenerationRestartArgs({ argv: serve, execArgv: YOUNG_GENERATION_FLAGS, nodeOptions: undefined }), undefined);
});

test('`dramadex serve` runs in one process with the cap, which V8 counts in its heap limit', () => {
  // A preload prints each start's process id and heap limit; a bad PORT then stops the server at once.
  const source =
    'const v8 = await import("node:v8"); console.error(JSON.stringify([process.pid, v8.getHeapStatistics().heap_size_limit]));';
  const probe = `data:text/javascript,${encodeURIComponent(source)}`;
  const run = spawnSync(process.execPath, [LAUNCHER, 'serve'], {
    env: { PATH: process.env.PATH, PORT: 'not-a-port', NODE_OPTIONS: `--max-old-space-size=1024 --import=${probe}` },
    encoding: 'utf8',
  });
  assert.equal(run.status, 1, run.stderr);
  const starts = run.stderr
    .split('\n')
    .filter((line) => line.startsWith('['))
    .map((line) => JSON.parse(line) as [number, number]);
  if (typeof process.execve !== 'function') return assert.equal(starts.length, 1);
  assert.equal(starts.length, 2, run.stderr);
  const [[firstPid], [pid, limit]] = starts as [[number, number], [number, number]];
  assert.equal(pid, firstPid);
  assert.equal(limit, (1024 + 3 * SEMI_SPACE_MB) * 1024 * 1024);
});
