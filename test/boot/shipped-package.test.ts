/**
 * What ships is what serves. The image, `npm pack` and `npx dramadex` carry one file set, the one
 * package.json's `files` names (docs/deployment.md, "What ships"): this packs it with `npm pack`, unpacks
 * the tarball into an empty folder (node_modules linked from the checkout, as the image copies its own),
 * and runs the real `bin/dramadex.js` from there, on an empty SQLite file, so a template, stylesheet or
 * demo file read from anywhere else (the checkout's src/) fails here and not first in a container. And a
 * start-up that cannot build its app (a runtime folder missing) exits non-zero with one line, and services
 * that fail part-way through their start close what they had opened, on both stores.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createTestDatabase, STORES } from '../support/harness.js';
import { serving } from '../support/serving.js';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = HERE.endsWith('/dist') ? resolve(HERE, '..') : HERE;

/** Packs the checkout (already compiled by `npm test`) and unpacks it into `folder`; returns the package's folder. */
function stagePackage(folder: string): string {
  const packed = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', folder], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const tarball = (JSON.parse(packed) as Array<{ filename: string }>)[0]?.filename as string;
  execFileSync('tar', ['-xzf', join(folder, tarball), '-C', folder]);
  const staged = join(folder, 'package');
  symlinkSync(join(ROOT, 'node_modules'), join(staged, 'node_modules'), 'dir');
  return staged;
}

const SERVER_ENV = { HOST: '127.0.0.1', PORT: '0', RANKING_PORT: '0', METRICS_PORT: 'off', LOG_LEVEL: 'info' };

/** Starts `serve` from `staged` and resolves with its catalogue origin once it logs that it is serving. */
async function serveFrom(
  staged: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; origin: string; entries: number }> {
  const child = spawn(process.execPath, [join(staged, 'bin', 'dramadex.js'), 'serve', ...args], {
    cwd: staged,
    env: { ...process.env, ...SERVER_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { port, entries } = await serving(child);
  return { child, origin: `http://127.0.0.1:${port}`, entries };
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  return child.exitCode;
}

/** The stylesheets, scripts and icons a page links to. */
function linkedAssets(html: string): string[] {
  return [...html.matchAll(/(?:href|src)="(\/[^"]+\.(?:css|js|svg))"/g)].map((match) => match[1] as string);
}

describe('the packed file set serves', () => {
  let dir: string;
  let staged: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dramadex-packed-'));
    staged = stagePackage(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  test('the package holds no source folder: everything it runs is under dist/src and bin', () => {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as Array<{ files: Array<{ path: string }> }>;
    const outside = (packed[0]?.files ?? [])
      .map(({ path }) => path)
      .filter((path) => !/^(dist\/src\/|bin\/|package\.json$|README|LICENSE)/.test(path));
    assert.deepEqual(outside, []);
  });

  test('serve on an empty SQLite file answers health, the page, the console, the reference and their assets', async () => {
    const { child, origin } = await serveFrom(staged, [], {
      DATABASE_URL: `sqlite:${join(dir, 'empty.db')}`,
      EXEMPT_ADDRESSES: '127.0.0.1',
    });
    try {
      const health = await fetch(`${origin}/api/health`);
      assert.equal(health.status, 200, await health.clone().text());
      const assets = new Set<string>();
      for (const path of ['/', '/admin', '/docs']) {
        const page = await fetch(`${origin}${path}`);
        const html = await page.text();
        assert.equal(page.status, 200, `${path}: ${html.slice(0, 300)}`);
        assert.match(page.headers.get('content-type') ?? '', /text\/html/, path);
        const linked = linkedAssets(html);
        if (path !== '/docs') assert.ok(linked.length > 0, `${path} links no asset`);
        for (const asset of linked) assets.add(asset);
      }
      // The console's own stylesheet as well as the site's: one asset of each folder.
      assert.ok(
        [...assets].some((asset) => asset.includes('console')),
        [...assets].join(', '),
      );
      for (const asset of assets) {
        const response = await fetch(`${origin}${asset}`);
        assert.equal(response.status, 200, asset);
        assert.ok((await response.arrayBuffer()).byteLength > 0, asset);
      }
    } finally {
      assert.equal(await stop(child), 0);
    }
  });

  test('serve --demo seeds an empty SQLite file from the packed demo content', async () => {
    const { child, origin, entries } = await serveFrom(staged, ['--demo'], {
      DATABASE_URL: `sqlite:${join(dir, 'demo.db')}`,
      EXEMPT_ADDRESSES: '127.0.0.1',
    });
    try {
      assert.ok(entries > 0, `the demo catalogue has ${entries} entries`);
      assert.equal((await fetch(`${origin}/api/health`)).status, 200);
      assert.equal((await fetch(`${origin}/`)).status, 200);
    } finally {
      assert.equal(await stop(child), 0);
    }
  });

  for (const store of STORES) {
    test(`[${store}] services that fail part-way through their start close what they opened, so the process ends`, async () => {
      const database = await createTestDatabase(store);
      try {
        const script = join(dirname(fileURLToPath(import.meta.url)), 'support', 'services-that-fail.js');
        const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolveExit) => {
          const child = execFile(
            process.execPath,
            [script],
            // Nothing calls process.exit: a worker, a pool or a listener left open would hold it until the guard.
            { env: { ...process.env, DATABASE_URL: database.url }, timeout: 60_000 },
            (_error, stdout, stderr) => resolveExit({ code: child.exitCode, stdout, stderr }),
          );
        });
        assert.equal(result.code, 1, result.stderr);
        assert.match(result.stderr, /given up/);
        assert.equal(result.stdout.trim(), 'still open: []', 'no worker, connection or listener left open');
      } finally {
        await database.drop();
      }
    });

    test(`[${store}] a runtime folder missing from what ships stops serve with one line, workers and store closed`, async () => {
      const broken = join(dir, `broken-${store}`);
      mkdirSync(broken);
      cpSync(staged, broken, { recursive: true, verbatimSymlinks: true });
      rmSync(join(broken, 'dist', 'src', 'admin', 'assets'), { recursive: true });
      const database = await createTestDatabase(store);
      try {
        const result = await new Promise<{ code: number | null; stderr: string }>((resolveExit) => {
          const child = execFile(
            process.execPath,
            [join(broken, 'bin', 'dramadex.js'), 'serve'],
            // The guard only turns a hang into a failure; the process exits on its own well before it.
            { cwd: broken, env: { ...process.env, ...SERVER_ENV, LOG_LEVEL: 'silent', DATABASE_URL: database.url }, timeout: 60_000 },
            (_error, _stdout, stderr) => resolveExit({ code: child.exitCode, stderr }),
          );
        });
        assert.equal(result.code, 1, result.stderr);
        const lines = result.stderr.trim().split('\n');
        assert.equal(lines.length, 1, result.stderr);
        assert.match(lines[0] as string, /^dramadex: cannot start: ENOENT: .*admin[/\\]assets/);
      } finally {
        await database.drop();
      }
    });
  }
});
