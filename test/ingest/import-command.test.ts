// The `dramadex import` command, run as operators run it: a real process on a real database file.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { openDatabase } from '../../src/store/database.js';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'bin/dramadex.js');

describe('dramadex import', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dramadex-import-'));
    env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'catalogue.db')}`, LOG_LEVEL: 'silent' };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

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
    const wal = `${(env.DATABASE_URL as string).slice('sqlite:'.length)}-wal`;
    const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
    const walBefore = walSize();
    const child = spawn(process.execPath, [BIN, 'import', path], { env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    // Kill once the open transaction has spilled pages into the write-ahead log: mid-import for sure.
    const deadline = Date.now() + 20_000;
    while (walSize() < walBefore + 2_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL', 'the import was killed before it finished');
    assert.equal(await count(), before);
  });
});
