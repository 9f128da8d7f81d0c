/**
 * What an operator runs, as a real process: `--version`; `import --strict` failing (and importing nothing)
 * when a row is rejected; `rankings import --dry-run` storing nothing; and `serve` on an empty catalogue:
 * its hint in the log (readable lines with LOG_FORMAT=pretty, JSON when the output is not a terminal),
 * and metrics scrapes logged at debug level only, like API requests.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli, startCli } from '../support/cli.js';
import { createTestDatabase, STORES } from '../support/harness.js';

const row = (n: number, fields: Record<string, string> = {}) =>
  JSON.stringify({
    title: `严格导入${n}`,
    source_link: `https://pan.example.com/s/strict-${n}`,
    type: 'post',
    update_time: '2024-05-01 10:00:00',
    ...fields,
  });

test('dramadex --version prints the package version', async () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const result = await runCli(['--version'], {});
  assert.equal(result.code, 0);
  assert.equal(result.stdout.trim(), version);
});

for (const store of STORES) {
  describe(`operator commands [${store}]`, () => {
    let dir: string;
    let env: Record<string, string>;
    let drop: () => Promise<void>;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-operator-'));
      const database = await createTestDatabase(store);
      drop = database.drop;
      env = { DATABASE_URL: database.url };
    });
    after(async () => {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    });
    const file = (name: string, content: string) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    };

    test('import --strict fails with the rejected lines and imports nothing; without it the valid rows go in', async () => {
      const rows = file('rows.ndjson', `${row(1)}\n${row(2, { type: 'nonsense' })}\n${row(3)}\n`);
      const strict = await runCli(['import', rows, '--strict'], env);
      assert.equal(strict.code, 1);
      assert.match(strict.stderr, /^line 2: .*type/m);
      assert.match(strict.stderr, /^dramadex: import of .*rows\.ndjson failed: 1 row was rejected, so nothing was imported \(--strict\)$/m);
      assert.equal((await runCli(['export'], env)).stdout, '', 'nothing imported');
      const lenient = await runCli(['import', rows], env);
      assert.equal(lenient.code, 0);
      assert.match(lenient.stdout, /added 2, updated 0, unchanged 0, rejected 1/);
      const clean = await runCli(['import', file('clean.ndjson', `${row(4)}\n`), '--strict'], env);
      assert.equal(clean.code, 0, clean.stderr);
      assert.match(clean.stdout, /added 1/);
    });

    test('rankings import --dry-run says what would change and stores nothing', async () => {
      const records = file(
        'board.json',
        JSON.stringify([
          { title: '第一部', hot_score: 10 },
          { title: '第二部', hot_score: 9 },
        ]),
      );
      const dry = await runCli(['rankings', 'import', records, '--board', 'movie', '--dry-run'], env);
      assert.equal(dry.code, 0, dry.stderr);
      assert.match(dry.stdout, /^dry run, nothing stored: board movie would hold 2 records instead of 0 \(up 0, down 0, same 0, new 2\)$/m);
      const real = await runCli(['rankings', 'import', records, '--board', 'movie'], env);
      assert.match(real.stdout, /2 records \(up 0, down 0, same 0, new 2\)/, 'the dry run stored nothing: both are still new');
      const again = await runCli(['rankings', 'import', records, '--board', 'movie', '--dry-run'], env);
      assert.match(again.stdout, /would hold 2 records instead of 2 \(up 0, down 0, same 2, new 0\)/);
    });
  });
}

describe('serve on an empty catalogue', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dramadex-serve-log-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const serve = async (name: string, env: Record<string, string>) => {
    const running = startCli(['serve'], {
      DATABASE_URL: `sqlite:${join(dir, `${name}.db`)}`,
      PORT: '0',
      RANKING_PORT: '0',
      METRICS_PORT: '0',
      ...env,
    });
    return { running };
  };

  /** The metrics listener's port from the "dramadex is serving" line (JSON or pretty), once it is logged. */
  const metricsPortOf = async (running: ReturnType<typeof startCli>) => {
    await running.until(/dramadex is serving/);
    const port = /metrics"?:\s*\{[^}]*"port":\s*(\d+)/s.exec(running.output())?.[1];
    assert.ok(port, 'the serving line names the metrics port');
    return Number(port);
  };

  test('LOG_FORMAT=pretty: readable lines with the operator hint; a scrape is not logged at info', async () => {
    const { running } = await serve('pretty', { LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' });
    try {
      await running.until(/the catalogue is empty: add entries with `dramadex import <file>`/);
      const line =
        running
          .output()
          .split('\n')
          .find((text) => text.includes('the catalogue is empty')) ?? '';
      assert.match(line, /INFO/);
      assert.doesNotMatch(line, /^\{/);
      const metricsPort = await metricsPortOf(running);
      const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      assert.equal(scraped.status, 200);
      await scraped.text();
      assert.doesNotMatch(running.output(), /\/metrics|\[redacted\]/, 'a scrape leaves no line at info');
    } finally {
      running.child.kill('SIGTERM');
    }
  });

  test('LOG_FORMAT unset and not a terminal: JSON lines; at debug a scrape is one line', async () => {
    const { running } = await serve('json', { LOG_LEVEL: 'debug' });
    try {
      await running.until(/the catalogue is empty/);
      const line =
        running
          .output()
          .split('\n')
          .find((text) => text.includes('the catalogue is empty')) ?? '';
      assert.equal(JSON.parse(line).level, 30);
      const metricsPort = await metricsPortOf(running);
      await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      await running.until(/"msg":"metrics request"/);
      const scrapes = running
        .output()
        .split('\n')
        .filter((text) => text.includes('"listener":"metrics"') && text.includes('"path":"/metrics"'));
      assert.equal(scrapes.length, 1, scrapes.join('\n'));
    } finally {
      running.child.kill('SIGTERM');
    }
  });
});
