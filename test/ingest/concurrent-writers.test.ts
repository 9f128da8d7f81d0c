/**
 * Several writers on one SQLite file, each a real `dramadex` process (docs/operations.md, "Several writers
 * on one SQLite file"): two imports of 20,000 rows at once, and an import beside a poll of an upstream
 * source. Transactions take the write lock at BEGIN and wait for it (store/immediate-sqlite.ts), so each
 * ends with exit 0 and every row is stored.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { openDatabase } from '../../src/store/database.js';
import { LOOPBACK_FIXTURES } from '../support/cli.js';
import { createTestDatabase } from '../support/harness.js';
import { countEntries } from '../support/stored.js';

const run = promisify(execFile);
const BIN = join(process.cwd(), 'bin/dramadex.js');
const ROWS = 20_000;

const line = (prefix: string, index: number) =>
  JSON.stringify({
    title: `并发短剧${prefix}${index}`,
    source_link: `https://pan.example.com/s/${prefix}-${index}`,
    type: 'post',
    update_time: '2024-01-01 12:00:00',
  });

/** An upstream answering the original interface (no RateLimit headers) with `rows` movie entries. */
function upstream(rows: number): Server {
  return createServer((request, response) => {
    if (!/^\/api\/contents\/movie\/all/.test(request.url ?? '')) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false}');
      return;
    }
    const items = Array.from({ length: rows }, (_, index) => line('upstream', index).replace('"post"', '"movie"'));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(`{"success":true,"data":{"content_type":"movie","total":${rows},"items":[${items.join(',')}]}}`);
  });
}

describe('writers sharing one SQLite file, in separate processes', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let drop: () => Promise<void>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dramadex-writers-'));
    const database = await createTestDatabase('sqlite');
    drop = database.drop;
    env = { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'silent', SOURCES_ALLOW_PRIVATE: LOOPBACK_FIXTURES };
    await (await openDatabase(database.url)).close(); // the file exists, migrated, before the writers start
  });
  after(async () => {
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (prefix: string) => {
    const path = join(dir, `${prefix}.ndjson`);
    writeFileSync(path, Array.from({ length: ROWS }, (_, index) => line(prefix, index)).join('\n'));
    return path;
  };
  const countOf = (type: string) => countEntries(env.DATABASE_URL as string, type);

  test('two imports of 20,000 rows at once both land', async () => {
    const [first, second] = [file('first'), file('second')];
    await Promise.all([run(process.execPath, [BIN, 'import', first], { env }), run(process.execPath, [BIN, 'import', second], { env })]);
    assert.equal(await countOf('post'), 2 * ROWS);
  });

  test('an import beside a poll of an upstream source: both land', async () => {
    const server = upstream(ROWS);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await run(process.execPath, [BIN, 'sources', 'add', 'upstream', base, '--type', 'movie'], { env });
      const third = file('third');
      const [, polled] = await Promise.all([
        run(process.execPath, [BIN, 'import', third], { env }),
        run(process.execPath, [BIN, 'sources', 'poll'], { env }),
      ]);
      assert.match(polled.stdout, new RegExp(`added ${ROWS}`));
      assert.equal(await countOf('post'), 3 * ROWS);
      assert.equal(await countOf('movie'), ROWS);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
