/**
 * A store that cannot be opened, or a port in use, stops a command with one line and a non-zero exit
 * (docs/commands.md, "Command line"), never a stack trace: run as operators run it, a real process.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { STORES } from '../support/harness.js';
import { refusingPort } from '../support/net.js';

const BIN = join(process.cwd(), 'bin/dramadex.js');

function dramadex(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      // A generous guard: a command that hangs instead of failing fails the test.
      { env: { ...process.env, LOG_LEVEL: 'silent', METRICS_PORT: '0', ...env }, timeout: 60_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
    );
  });
}

function assertOneLine(result: { code: number | null; stderr: string }, reason: RegExp): void {
  assert.equal(result.code, 1, result.stderr);
  const lines = result.stderr.trim().split('\n');
  assert.equal(lines.length, 1, result.stderr);
  assert.match(lines[0] as string, /^dramadex: /);
  assert.match(lines[0] as string, reason);
}

describe('start-up failures are one line', () => {
  let dir: string;
  let busy: Server;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dramadex-startup-'));
  });
  after(() => {
    busy?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a corrupt SQLite file, for serve and import', async () => {
    const file = join(dir, 'corrupt.db');
    writeFileSync(file, Buffer.alloc(8192, 'not a database at all '));
    const env = { DATABASE_URL: `sqlite:${file}`, PORT: '0', RANKING_PORT: '0' };
    assertOneLine(await dramadex(['serve'], env), /cannot open the database sqlite:.*corrupt\.db: .*not a database/);
    writeFileSync(join(dir, 'rows.ndjson'), '');
    assertOneLine(await dramadex(['import', join(dir, 'rows.ndjson')], env), /cannot open the database/);
  });

  test('a directory as the SQLite database', async () => {
    const folder = join(dir, 'a-directory');
    mkdirSync(folder);
    assertOneLine(
      await dramadex(['serve'], { DATABASE_URL: `sqlite:${folder}`, PORT: '0', RANKING_PORT: '0' }),
      /cannot open the database/,
    );
  });

  test('PostgreSQL refusing connections, or without the database', {
    skip: STORES.includes('postgres') ? false : 'TEST_DATABASE_URL is not set',
  }, async () => {
    const server = await refusingPort();
    const refusing = `postgres://postgres:secret@127.0.0.1:${server.port}/test`;
    const refused = await dramadex(['serve'], { DATABASE_URL: refusing, PORT: '0', RANKING_PORT: '0' }).finally(() => server.close());
    assertOneLine(refused, /cannot open the database postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/test: /);
    assert.doesNotMatch(refused.stderr, /secret/);
    const missing = new URL(process.env.TEST_DATABASE_URL as string);
    missing.pathname = `/dramadex_missing_${process.pid}`;
    assertOneLine(
      await dramadex(['token', 'list'], { DATABASE_URL: missing.toString() }),
      /database "dramadex_missing_\d+" does not exist/,
    );
  });

  test('serve on a port in use', async () => {
    busy = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => busy.once('listening', resolve));
    const port = (busy.address() as AddressInfo).port;
    const env = { DATABASE_URL: `sqlite:${join(dir, 'ok.db')}`, HOST: '127.0.0.1', PORT: String(port), RANKING_PORT: '0' };
    assertOneLine(await dramadex(['serve'], env), new RegExp(`cannot listen on 127\\.0\\.0\\.1:${port} \\(PORT\\): the port is in use`));
  });
});
