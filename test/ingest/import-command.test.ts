// The `dramadex import` command, run as operators run it: a real process on a real database, on both stores.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { openDatabase } from '../../src/store/database.js';
import { createTestDatabase, STORES, type StoreKind } from '../support/harness.js';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'bin/dramadex.js');
/** Compiled beside the bin's modules (dist/), so it changes the very CatalogueStore the bin loads. */
const HOLD_MID_IMPORT = pathToFileURL(join(process.cwd(), 'dist/test/ingest/hold-mid-import.js')).href;

for (const store of STORES) describeImport(store);

function describeImport(store: StoreKind): void {
  describe(`dramadex import [${store}]`, () => {
    let dir: string;
    let env: NodeJS.ProcessEnv;
    let drop: () => Promise<void>;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'dramadex-import-'));
      const database = await createTestDatabase(store);
      drop = database.drop;
      env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent' };
    });
    after(async () => {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    });

    const importFile = async (name: string, content: string) => {
      const path = join(dir, name);
      writeFileSync(path, content);
      return run(process.execPath, [BIN, 'import', path], { env });
    };
    const count = async () => {
      const database = await openDatabase(env.DATABASE_URL as string);
      try {
        return await new CatalogueStore(database).count();
      } finally {
        await database.close();
      }
    };

    test('NDJSON: adds valid rows, reports rejects with line numbers and reasons, prints counts', async () => {
      const lines = [
        '{"title":"闪婚总裁","source_link":"https://pan.quark.cn/s/a1","type":"post","update_time":"2024-05-01 10:00:00"}',
        '',
        '{"title":"外部","source_link":"https://pan.baidu.com/s/1b","type":"baidu","update_time":"2024-05-01 10:00:00"}',
        '{"title":"坏日期","source_link":"https://x.example/c","type":"post","update_time":"2024-02-30 10:00:00"}',
        '{"title":"坏链接","source_link":"ftp://x.example/d","type":"post","update_time":"2024-05-01 10:00:00"}',
        '{"title":"坏类型","source_link":"https://x.example/e","type":"anime","update_time":"2024-05-01 10:00:00"}',
        '{"title":"  ","source_link":"https://x.example/f","type":"post","update_time":"2024-05-01 10:00:00"}',
        'not json',
        '{"title":"无时间","source_link":"https://x.example/g","type":"post"}',
        '{"title":"空\\u0000字符","source_link":"https://x.example/h","type":"post","update_time":"2024-05-01 10:00:00"}',
      ];
      const { stdout, stderr } = await importFile('a.ndjson', lines.join('\n'));
      assert.match(stdout, /added 2, updated 0, unchanged 0, rejected 7/);
      assert.match(stderr, /line 4: update_time "2024-02-30 10:00:00" is not a real date-time/);
      assert.match(stderr, /line 5: source_link .* is not an http\(s\) URL/);
      assert.match(stderr, /line 6: type "anime"/);
      assert.match(stderr, /line 7: title is empty/);
      assert.match(stderr, /line 8: not valid JSON/);
      assert.match(stderr, /line 9: update_time is missing/);
      assert.match(stderr, /line 10: title contains a control character/);
      assert.equal(await count(), 2);
    });

    test('CSV with a header: updates by source_link and counts unchanged rows', async () => {
      const csv = [
        'title,source_link,type,update_time',
        '闪婚总裁（全集）,https://pan.quark.cn/s/a1,post,2024-05-02 10:00:00',
        '"外部, 带逗号",https://pan.baidu.com/s/1b,extsrc,2024-05-01 10:00:00',
        '新电影,https://pan.quark.cn/s/m1,movie,2024-05-03 10:00:00',
        '坏行,https://pan.quark.cn/s/m2,movie,2024-13-01 10:00:00',
      ].join('\n');
      const { stdout, stderr } = await importFile('b.csv', csv);
      assert.match(stdout, /\(csv\): added 1, updated 2, unchanged 0, rejected 1/);
      assert.match(stderr, /line 5: update_time/);
      const again = await importFile('b2.csv', csv);
      assert.match(again.stdout, /added 0, updated 0, unchanged 3, rejected 1/);
    });

    test('CSV: a bad quote or an over-long row is one rejected line and the rest is imported', async () => {
      const csv = [
        'title,source_link,type,update_time',
        '好行一,https://csv.example/q1,post,2024-05-01 10:00:00',
        '坏引号,https://csv.example/q2"x,post,2024-05-01 10:00:00',
        '未闭合,"https://csv.example/q3,post,2024-05-01 10:00:00',
        '好行二,https://csv.example/q4,post,2024-05-01 10:00:00',
        `太长,https://csv.example/${'z'.repeat(70_000)},post,2024-05-01 10:00:00`,
        '好行三,https://csv.example/q5,post,2024-05-01 10:00:00',
      ].join('\n');
      const { stdout, stderr } = await importFile('quotes.csv', csv);
      // The unclosed quote on line 4 swallows the rest of the file until csv-parse's bound; reading starts again on line 5.
      assert.match(stderr, /line 3: not valid CSV/);
      assert.match(stderr, /line 4: (an opening quote is never closed|the row is longer than 65536 characters)/);
      assert.match(stderr, /line 6: the row is longer than 65536 characters/);
      assert.match(stdout, /\(csv\): added 3, updated 0, unchanged 0, rejected 3/);
    });

    test('CSV: a wrong header is one failure, not a reject per row; a file without line breaks is refused at once', async () => {
      const wrong = await importFile('wrong.csv', 'name,link,kind,time\na,https://x.example/w1,post,2024-05-01 10:00:00\nb,c,d,e').catch(
        (error: { code: number; stderr: string }) => error,
      );
      assert.equal((wrong as { code: number }).code, 1);
      assert.equal((wrong as { stderr: string }).stderr.trim().split('\n').length, 1);
      assert.match((wrong as { stderr: string }).stderr, /the CSV header must name title, source_link, type, update_time/);
      const oneLine = await importFile('one-line.csv', 'x,'.repeat(200_000)).catch((error: { code: number; stderr: string }) => error);
      assert.equal((oneLine as { code: number }).code, 1);
      assert.match((oneLine as { stderr: string }).stderr, /line 1 is longer than 65536 characters/);
    });

    test('JSON array: rejects report the line an element starts on; a repeated link keeps the last row', async () => {
      const json = `[
  {"title":"一","source_link":"https://x.example/j1","type":"tv","update_time":"2024-05-01 10:00:00"},
  {"title":"二","source_link":"https://x.example/j1","type":"tv","update_time":"2024-05-01 11:00:00"},
  {"title":"三",
   "source_link":"https://x.example/j3","type":"tv","update_time":"bad"}
]`;
      const { stdout, stderr } = await importFile('c.json', json);
      assert.match(stdout, /\(json\): added 1, updated 0, unchanged 0, rejected 2/);
      assert.match(stderr, /line 2: duplicate source_link, superseded by line 3/);
      assert.match(stderr, /line 4: update_time "bad"/);
    });

    test('an unreadable or malformed file exits non-zero with a one-line reason', async () => {
      await assert.rejects(
        run(process.execPath, [BIN, 'import', join(dir, 'missing.ndjson')], { env }),
        (error: { code: number; stderr: string }) => {
          assert.equal(error.code, 1);
          assert.equal(error.stderr.trim().split('\n').length, 1);
          assert.match(error.stderr, /cannot read/);
          return true;
        },
      );
      await assert.rejects(importFile('d.json', '[{"title":'), (error: { code: number; stderr: string }) => {
        assert.equal(error.code, 1);
        assert.match(error.stderr, /not a valid JSON array/);
        return true;
      });
    });

    test('a process killed in the middle of an import leaves the previous data intact', async () => {
      const before = await count();
      const rows: string[] = [];
      for (let i = 0; i < 300_000; i++) {
        rows.push(
          JSON.stringify({ title: `批量${i}`, source_link: `https://bulk.example/${i}`, type: 'post', update_time: '2024-06-01 10:00:00' }),
        );
      }
      const path = join(dir, 'big.ndjson');
      writeFileSync(path, rows.join('\n'));
      // The preloaded hook stops the child inside its transaction and says so; it stays there while its
      // standard input, which nothing writes, is open (hold-mid-import.ts).
      const child = spawn(process.execPath, ['--import', HOLD_MID_IMPORT, BIN, 'import', path], {
        env,
        stdio: ['pipe', 'pipe', 'ignore'],
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      await new Promise<void>((resolve, reject) => {
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('mid-import\n')) resolve();
        });
        child.once('exit', () => reject(new Error(`the import ended without being held in its transaction; it printed:\n${output}`)));
      });
      child.kill('SIGKILL');
      assert.equal(await exited, 'SIGKILL', 'the import was killed before it finished');
      assert.equal(await count(), before);
    });
  });
}
