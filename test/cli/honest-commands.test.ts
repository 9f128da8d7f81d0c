/**
 * Commands that never mislead (issue 34), run as an operator runs them: only the commands that fill a
 * catalogue create a missing SQLite file, every other one refuses in one line naming the path; an error
 * says its cause once; `export | head` ends quietly; an import's format follows the file's extension or
 * `--format`; a bad argument exits non-zero; `--help` shows defaults as a person would write them.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { openDatabase } from '../../src/store/database.js';
import { runCli, startCli } from '../support/cli.js';
import { createTestDatabase, STORES } from '../support/harness.js';

const rows = (count: number) =>
  Array.from({ length: count }, (_, n) =>
    JSON.stringify({
      title: `管道测试${n}`,
      source_link: `https://pan.example.com/s/pipe-${n}`,
      type: 'tv',
      update_time: '2024-05-01 10:00:00',
    }),
  ).join('\n');

describe('a missing SQLite file', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dramadex-missing-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const readers = [['takedown', 'list'], ['export'], ['remove', 'https://pan.example.com/s/x'], ['links', 'status'], ['key', 'list']];
  for (const args of readers) {
    test(`\`${args.join(' ')}\` exits 1 with one line naming the path, and creates nothing`, async () => {
      const path = join(dir, 'typo', 'dramadex.db');
      const result = await runCli(args, { DATABASE_URL: `sqlite:${path}` });
      assert.equal(result.code, 1);
      assert.equal(result.stdout, '');
      const lines = result.stderr.trimEnd().split('\n');
      assert.equal(lines.length, 1, result.stderr);
      assert.match(lines[0] as string, new RegExp(`^dramadex: no database at ${path.replaceAll('.', '\\.')} `));
      assert.equal(existsSync(path), false);
      assert.equal(existsSync(join(dir, 'typo')), false);
    });
  }

  test('`import` creates it (a command that fills a catalogue)', async () => {
    const path = join(dir, 'new', 'dramadex.db');
    const file = join(dir, 'rows.ndjson');
    writeFileSync(file, rows(2));
    const result = await runCli(['import', file], { DATABASE_URL: `sqlite:${path}` });
    assert.equal(result.code, 0, result.stderr);
    assert.equal(existsSync(path), true);
  });

  test('a file that is not a database: the cause is said once', async () => {
    const path = join(dir, 'junk.db');
    writeFileSync(path, 'not a database at all, just text that is long enough to be read as a header');
    const result = await runCli(['takedown', 'list'], { DATABASE_URL: `sqlite:${path}` });
    assert.equal(result.code, 1);
    assert.equal(result.stderr, `dramadex: cannot open the database sqlite:${path}: file is not a database\n`);
  });
});

test('a PostgreSQL database that does not exist: the cause is said once', { skip: !process.env.TEST_DATABASE_URL }, async () => {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = '/dramadex_no_such_database';
  const result = await runCli(['takedown', 'list'], { DATABASE_URL: url.toString() });
  assert.equal(result.code, 1);
  const lines = result.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, result.stderr);
  assert.equal(lines[0]?.split('cannot open the database').length, 2, `said once: ${lines[0]}`);
  assert.match(lines[0] as string, /dramadex_no_such_database" does not exist$/);
});

for (const store of STORES) {
  describe(`commands on an existing catalogue [${store}]`, () => {
    let dir: string;
    let env: Record<string, string>;
    let drop: () => Promise<void>;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-honest-'));
      const database = await createTestDatabase(store);
      drop = database.drop;
      env = { DATABASE_URL: database.url };
      const file = join(dir, 'many.ndjson');
      writeFileSync(file, rows(3000)); // far more than a pipe holds, so the export is cut mid-stream
      assert.equal((await runCli(['import', file], env)).code, 0);
    });
    after(async () => {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    });

    test('`export | head` ends quietly when the reader closes the pipe', async () => {
      const running = startCli(['export'], { ...env, LOG_LEVEL: 'silent' });
      await running.until(/管道测试/);
      running.child.stdout?.destroy();
      const [code] = (await once(running.child, 'exit')) as [number | null];
      assert.equal(code, 0, running.output());
      assert.doesNotMatch(running.output(), /EPIPE|dramadex:/);
    });

    test('any command whose reader closes the pipe ends quietly (`takedown list | head`)', async () => {
      const database = await openDatabase(env.DATABASE_URL as string);
      try {
        const takedowns = Array.from({ length: 3000 }, (_, n) => ({
          pattern: `https://pan.example.com/s/closed-pipe-${n}`,
          match: 'exact' as const,
          reason: 'a line long enough that three thousand of them overflow a pipe',
          created_at: '2024-06-01T00:00:00.000Z',
        }));
        for (let start = 0; start < takedowns.length; start += 500)
          await database.db
            .insertInto('takedowns')
            .values(takedowns.slice(start, start + 500))
            .execute();
      } finally {
        await database.close();
      }
      const running = startCli(['takedown', 'list'], { ...env, LOG_LEVEL: 'silent' });
      await running.until(/closed-pipe-/);
      running.child.stdout?.destroy();
      const [code] = (await once(running.child, 'exit')) as [number | null];
      assert.equal(code, 0, running.output());
      assert.doesNotMatch(running.output(), /EPIPE|dramadex:|Error/);
    });

    test("an import's format follows the extension, or --format", async () => {
      const text = join(dir, 'notes.ndjson');
      writeFileSync(text, 'hello\nworld\n');
      const byExtension = await runCli(['import', text], env);
      assert.match(byExtension.stderr, /^line 1: not valid JSON/m);
      assert.match(byExtension.stdout, /\(ndjson\): added 0, .*rejected 2$/m);
      const asCsv = await runCli(['import', text, '--format', 'csv'], env);
      assert.equal(asCsv.code, 1);
      assert.match(asCsv.stderr, /the CSV header must name title/);
      const unknown = await runCli(['import', text, '--format', 'xml'], env);
      assert.equal(unknown.code, 1);
      assert.equal(unknown.stderr, 'dramadex: unknown format "xml": use ndjson, csv or json\n');
      const noExtension = join(dir, 'rows');
      writeFileSync(noExtension, rows(1));
      assert.match((await runCli(['import', noExtension], env)).stdout, /\(ndjson\)/, 'no extension: the first character decides');
    });

    test('`links check` with an argument that is not a link exits 1 and checks nothing', async () => {
      const result = await runCli(['links', 'check', 'not a link'], env);
      assert.equal(result.code, 1);
      assert.equal(result.stdout, '');
      assert.equal(result.stderr, 'dramadex: not an http(s) link: "not a link"\n');
    });
  });
}

test('--help shows defaults as a person writes them', async () => {
  const commands = [['mirror'], ['takedown', 'add'], ['export'], ['links', 'check'], ['sources', 'add', 'upstream'], ['key', 'create']];
  for (const command of commands) {
    const help = await runCli([...command, '--help'], {});
    assert.equal(help.code, 0);
    assert.doesNotMatch(help.stdout, /\(default: (\[\]|""|"[^"]*")\)/, `${command.join(' ')}:\n${help.stdout}`);
  }
  const mirror = await runCli(['mirror', '--help'], {});
  assert.match(mirror.stdout, /minutes between rounds with --watch \(default: 60\)/);
  assert.match((await runCli(['export', '--help'], {})).stdout, /ndjson, csv or json \(default: ndjson\)/);
});
