/**
 * The process as operators run it, on whichever Node runs the suite (CI runs it on every supported line):
 * the real `bin/dramadex.js` serves and shuts down on SIGTERM with exit 0, every command exits 0 on
 * success, and a server that collects its finished SQL statements in full GCs between store calls keeps
 * running. Native addons that free their objects from a GC finalizer are where a Node upgrade breaks a
 * process (better-sqlite3 12 aborted in `RemoveEnvironmentCleanupHook` on Node 24.19+), so these check the
 * exit status itself: a native abort is a signal, never exit 0.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { KEY_PREFIX_LENGTH } from '../../src/limits/api-keys.js';
import { createTestDatabase, STORES } from '../support/harness.js';
import { serving } from '../support/serving.js';

const here = dirname(fileURLToPath(import.meta.url));
// The bin runs the compiled code; `npm test` compiles before it runs anything.
const ROOT = join(here, here.includes(`${join('dist', 'test')}`) ? '../../..' : '../..');
const BIN = join(ROOT, 'bin', 'dramadex.js');

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function dramadex(args: string[], env: Record<string, string>): Promise<Exit> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, timeout: 120_000 },
      (_e, stdout, stderr) => resolve({ code: child.exitCode, signal: child.signalCode, stdout, stderr }),
    );
  });
}

async function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
  return { code: child.exitCode, signal: child.signalCode };
}

const SERVER_ENV = { PORT: '0', RANKING_PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'info', RATE_LIMITS: 'off' };

for (const store of STORES) {
  describe(`the dramadex process on Node ${process.versions.node} [${store}]`, () => {
    let env: Record<string, string>;
    let drop: () => Promise<void>;
    let dir: string;
    before(async () => {
      const database = await createTestDatabase(store);
      drop = database.drop;
      env = { DATABASE_URL: database.url };
      dir = mkdtempSync(join(tmpdir(), 'dramadex-lifecycle-'));
    });
    after(async () => {
      await drop();
      rmSync(dir, { recursive: true, force: true });
    });

    test('serve answers, then shuts down on SIGTERM with exit 0', async () => {
      const child = spawn(process.execPath, [BIN, 'serve', '--demo'], { env: { ...process.env, ...env, ...SERVER_ENV } });
      const { port, output } = await serving(child);
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      assert.equal(health.status, 200);
      child.kill('SIGTERM');
      assert.deepEqual(await exited(child), { code: 0, signal: null }, output());
    });

    test('a request held open does not keep the process past SHUTDOWN_GRACE_SECONDS', async () => {
      const held = { SHUTDOWN_GRACE_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '3600', KEEP_ALIVE_TIMEOUT_SECONDS: '3600' };
      const child = spawn(process.execPath, [BIN, 'serve'], { env: { ...process.env, ...env, ...SERVER_ENV, ...held } });
      // Read the whole log, the lines after "serving" included (serving() stops reading there).
      let output = '';
      const port = await new Promise<number>((resolve) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split('\n').find((text) => text.includes('dramadex is serving'));
          if (line) resolve((JSON.parse(line) as { catalogue: { port: number } }).catalogue.port);
        });
      });
      const socket = connect(port, '127.0.0.1');
      await once(socket, 'connect');
      // One write: a whole request, then the start of a second that never ends. Once the first is
      // answered the server has read the second's start, so the connection is busy, not idle.
      socket.write('GET /api/health HTTP/1.1\r\nHost: dramadex\r\n\r\nGET /api/status HTTP/1.1\r\nHost: dram');
      await once(socket, 'data');
      child.kill('SIGTERM');
      assert.deepEqual(await exited(child), { code: 1, signal: null }, output);
      assert.match(output, /requests still open at the shutdown deadline/);
      socket.destroy();
    });

    test('every command exits 0 on success', async () => {
      const entries = join(dir, 'entries.ndjson');
      writeFileSync(
        entries,
        `${JSON.stringify({ title: '繁花', source_link: 'https://pan.example.com/s/fanhua', type: 'tv', update_time: '2026-01-01 10:00:00' })}\n`,
      );
      const board = join(dir, 'board.json');
      writeFileSync(board, JSON.stringify([{ title: '繁花' }, { title: '狂飙' }]));
      const last = (exit: Exit) => exit.stdout.trimEnd().split('\n').at(-1) ?? '';

      const runs: Array<[string[], Exit]> = [];
      const run = async (...args: string[]) => {
        const exit = await dramadex(args, env);
        runs.push([args, exit]);
        return exit;
      };
      await run('import', entries);
      await run('rankings', 'import', board, '--board', 'tv');
      const key = last(await run('key', 'create', '--rate', '5', '--label', 'lifecycle'));
      await run('key', 'list');
      await run('key', 'revoke', key.slice(0, KEY_PREFIX_LENGTH));
      await run('blacklist', 'list');
      await run('blacklist', 'clear');
      const token = last(await run('token', 'issue', '--ip', '127.0.0.1'));
      await run('token', 'list');
      await run('token', 'rebind', token, '--ip', '127.0.0.2');
      await run('token', 'revoke', token);
      await run('--help');
      for (const [args, exit] of runs) {
        assert.deepEqual({ args, code: exit.code, signal: exit.signal }, { args, code: 0, signal: null }, exit.stderr);
      }
    });
  });
}

describe(`a server under forced full GCs on Node ${process.versions.node}`, () => {
  test('keeps serving while finished statements are collected between store calls, and exits 0', async () => {
    const { url, drop } = await createTestDatabase('sqlite');
    try {
      const soak = join(here, `gc-soak-server${here.includes(join('dist', 'test')) ? '.js' : '.ts'}`);
      const child = spawn(process.execPath, [...process.execArgv.filter((arg) => !arg.startsWith('--test')), '--expose-gc', soak], {
        env: { ...process.env, ...SERVER_ENV, LOG_LEVEL: 'warn', DATABASE_URL: url },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      assert.deepEqual(await exited(child), { code: 0, signal: null }, output);
      assert.match(output, /soak: \d+ rounds, \d+ full GCs, every answer 200/);
    } finally {
      await drop();
    }
  });
});
