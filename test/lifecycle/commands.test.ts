/**
 * `dramadex remove`, `takedown add|list|remove`, `import --replace [--type]` and `export` as operators run
 * them (child processes), on both stores: what they print, what they store, and a one-line reason with a
 * non-zero exit for every failure.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli.js';
import { createTestDatabase, STORES } from '../support/harness.js';

const row = (n: number, fields: Record<string, string> = {}) => ({
  title: `命令测试${n}`,
  source_link: `https://pan.example.com/s/cmd-${n}`,
  type: 'post',
  update_time: `2024-05-0${(n % 9) + 1} 10:00:00`,
  ...fields,
});
const ndjson = (rows: object[]) => `${rows.map((value) => JSON.stringify(value)).join('\n')}\n`;

/** A failure: non-zero exit and exactly one line on standard error, starting with the command's name. */
function assertOneLineFailure(result: { code: number | null; stderr: string }, pattern: RegExp): void {
  assert.notEqual(result.code, 0);
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, `one line, got: ${result.stderr}`);
  assert.match(lines[0] as string, /^dramadex: /);
  assert.match(lines[0] as string, pattern);
}

for (const store of STORES) {
  describe(`lifecycle commands [${store}]`, () => {
    let dir: string;
    let env: Record<string, string>;
    let drop: () => Promise<void>;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-lifecycle-'));
      const database = await createTestDatabase(store);
      drop = database.drop;
      env = { DATABASE_URL: database.url };
      const file = join(dir, 'seed.ndjson');
      writeFileSync(file, ndjson([1, 2, 3, 4, 5, 6].map((n) => row(n, n > 4 ? { type: 'movie' } : {}))));
      assert.equal((await runCli(['import', file], env)).code, 0);
    });
    after(async () => {
      rmSync(dir, { recursive: true, force: true });
      await drop();
    });
    const cli = (...args: string[]) => runCli(args, env);
    const path = (name: string, content: string) => {
      const file = join(dir, name);
      writeFileSync(file, content);
      return file;
    };

    test('remove by argument and from files of every kind; prints removed and not found', async () => {
      const byArgs = await cli('remove', row(1).source_link, 'https://pan.example.com/s/nowhere');
      assert.equal(byArgs.code, 0);
      assert.match(byArgs.stdout, /^removed 1, not found 1$/m);
      assert.match(byArgs.stderr, /not found: https:\/\/pan\.example\.com\/s\/nowhere/);
      const plain = await cli('remove', '--file', path('links.txt', `# links to drop\n${row(2).source_link}\n\n`));
      assert.match(plain.stdout, /removed 1, not found 0/);
      const csv = await cli('remove', '--file', path('links.csv', `title,source_link\nx,${row(3).source_link}\n`));
      assert.match(csv.stdout, /removed 1, not found 0/);
      const json = await cli(
        'remove',
        '--file',
        path('links.json', JSON.stringify([{ source_link: row(3).source_link }, { title: 'no link' }])),
      );
      assert.match(json.stdout, /removed 0, not found 1/);
      assert.match(json.stderr, /line 1: source_link is missing/);
      const exported = await cli('export', '--format', 'ndjson');
      assert.deepEqual(
        exported.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).source_link),
        [4, 5, 6].map((n) => row(n).source_link),
      );
    });

    test('remove fails with one line when it has nothing to do or cannot read its file', async () => {
      assertOneLineFailure(await cli('remove'), /no links to remove/);
      assertOneLineFailure(await cli('remove', '--file', join(dir, 'missing.txt')), /cannot read .*missing\.txt/);
      const noLinkColumn = path('no-link.csv', 'title,link\nx,https://pan.example.com/s/cmd-4\n');
      assertOneLineFailure(await cli('remove', '--file', noLinkColumn), /cannot read links from .*: the CSV header must name source_link/);
    });

    test('takedown add takes down exactly the link; --prefix every link starting with it; list shows which; remove lifts', async () => {
      const link = row(5).source_link;
      assert.match((await cli('import', path('sibling.ndjson', ndjson([row(50, { type: 'movie' })])))).stdout, /added 1/);
      const added = await cli('takedown', 'add', link, '--reason', 'owner asked');
      assert.equal(added.code, 0);
      assert.match(added.stdout, /^took down https:\/\/pan\.example\.com\/s\/cmd-5: removed 1 entry$/m);
      assert.match((await cli('takedown', 'list')).stdout, /^https:\/\/pan\.example\.com\/s\/cmd-5\texact\t\S+\towner asked$/m);
      const again = await cli('import', path('again.ndjson', ndjson([row(5, { type: 'movie' }), row(50, { type: 'movie' }), row(7)])));
      assert.match(again.stdout, /added 1, updated 0, unchanged 1, rejected 1/, 'cmd-50 is another share: untouched');
      assert.match(again.stderr, /^line 1: taken down$/m);

      const byPrefix = await cli('takedown', 'add', '--prefix', link, '--reason', 'whole folder');
      assert.match(byPrefix.stdout, /took down every link starting with https:\/\/pan\.example\.com\/s\/cmd-5: removed 1 entry/);
      assert.match((await cli('takedown', 'list')).stdout, /^https:\/\/pan\.example\.com\/s\/cmd-5\tprefix\t\S+\twhole folder$/m);
      const later = await cli('import', path('later.ndjson', ndjson([row(51, { type: 'movie' })])));
      assert.match(later.stdout, /added 0, updated 0, unchanged 0, rejected 1/);
      assert.match(later.stderr, /line 1: taken down/);

      assertOneLineFailure(await cli('takedown', 'add', 'pan.example.com'), /not a link or link prefix/);
      assertOneLineFailure(await cli('takedown', 'remove', 'https://elsewhere.example/'), /no takedown "https:\/\/elsewhere\.example\/"/);
      assert.match((await cli('takedown', 'remove', link)).stdout, /lifted the takedown/);
      assert.match((await cli('takedown', 'list')).stdout, /no takedowns/);
    });

    test('import --replace [--type] holds exactly the file and prints removed; bad options fail in one line', async () => {
      const movies = path('movies.ndjson', ndjson([row(6, { type: 'movie', title: '只剩这部' }), row(8, { type: 'movie' }), row(9)]));
      const replaced = await cli('import', movies, '--replace', '--type', 'movie');
      assert.equal(replaced.code, 0, replaced.stderr);
      assert.match(replaced.stdout, /added 1, updated 1, unchanged 0, removed 0, rejected 1/);
      assert.match(replaced.stderr, /line 3: type "post" is not the type being replaced \(movie\)/);
      const all = await cli('import', path('all.ndjson', ndjson([row(4)])), '--replace');
      assert.match(all.stdout, /added 0, updated 0, unchanged 1, removed 3, rejected 0/);
      assertOneLineFailure(await cli('import', movies, '--type', 'movie'), /--type is only for --replace/);
      assertOneLineFailure(await cli('import', movies, '--replace', '--type', 'anime'), /unknown type "anime"/);
      assertOneLineFailure(await cli('import', path('bad.csv', 'nonsense\n'), '--replace'), /the CSV header must name title, source_link/);
      const headerOnly = path('header-only.csv', 'title,source_link,type,update_time\nnonsense\n');
      assertOneLineFailure(await cli('import', headerOnly, '--replace'), /no valid row \(1 rejected\)/);
      assertOneLineFailure(await cli('import', path('bad.ndjson', '{"title":1}\n'), '--replace'), /no valid row \(1 rejected\)/);
      assert.match((await cli('export')).stdout, /cmd-4/, 'nothing lost to the bad file');
    });

    test('export writes NDJSON, CSV and JSON that import reads back unchanged; failures leave no file', async () => {
      await cli('import', path('more.ndjson', ndjson([row(11, { title: '逗号, "引号"' }), row(12, { type: 'tv' })])));
      for (const format of ['ndjson', 'csv', 'json']) {
        const output = join(dir, `backup.${format}`);
        const exported = await cli('export', '--format', format, '--output', output);
        assert.equal(exported.code, 0, exported.stderr);
        assert.match(exported.stderr, new RegExp(`exported 3 entries \\(${format}\\) to ${output.replace(/[.]/g, '\\.')}`));
        const back = await cli('import', output);
        assert.match(back.stdout, new RegExp(`\\(${format}\\): added 0, updated 0, unchanged 3, rejected 0`));
      }
      const tv = await cli('export', '--type', 'tv', '--format', 'json');
      assert.deepEqual(
        JSON.parse(tv.stdout).map((item: { source_link: string }) => item.source_link),
        [row(12).source_link],
      );
      assert.equal(readFileSync(join(dir, 'backup.csv'), 'utf8').split('\n')[0], 'title,source_link,type,update_time');
      assertOneLineFailure(await cli('export', '--format', 'xml'), /unknown format "xml"/);
      assertOneLineFailure(await cli('export', '--output', join(dir, 'no-such-dir', 'x.ndjson')), /cannot write/);
    });

    test('a store that cannot be opened is one line for every command', async () => {
      const broken = {
        DATABASE_URL: store === 'postgres' ? 'postgres://postgres:secret@127.0.0.1:1/none' : `sqlite:${join(dir, 'seed.ndjson', 'x.db')}`,
      };
      for (const args of [
        ['remove', 'https://x.example/a'],
        ['takedown', 'list'],
        ['export'],
        ['import', join(dir, 'seed.ndjson'), '--replace'],
      ]) {
        const result = await runCli(args, broken);
        // A SQLite path that does not exist is refused before opening by every command but import (issue 34).
        assertOneLineFailure(result, /cannot open the database|no database at/);
        assert.doesNotMatch(result.stderr, /secret/);
      }
    });

    test('mirror refuses a bad address or interval in one line', async () => {
      assertOneLineFailure(await cli('mirror', 'not a url'), /cannot mirror not a url/);
      assertOneLineFailure(await cli('mirror', 'http://127.0.0.1:44999', '--interval', '0'), /--interval must be minutes/);
      assertOneLineFailure(await cli('mirror', 'http://127.0.0.1:44999', '--type', 'anime'), /unknown type "anime"/);
    });
  });
}
