/**
 * A console takedown during a big `dramadex import`, on one SQLite file (docs/operations.md, "Several
 * writers on one SQLite file"): `dramadex serve` and the import are separate processes, the moderator's
 * takedown goes over HTTP while the import's transaction holds the write lock (pause-mid-import.ts stops
 * it there until the takedown is sent). Each waits its turn: the import exits 0, the takedown is answered
 * as done, every imported row but the taken-down one is stored, and the audit has both.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { AccountStore } from '../../src/admin/accounts.js';
import { SESSION_COOKIE } from '../../src/admin/session-cookie.js';
import { openDatabase } from '../../src/store/database.js';
import { type RunningCli, startCli } from '../support/cli.js';
import { createTestDatabase } from '../support/harness.js';
import { auditRowsAfter } from '../support/stored.js';

const BIN = join(process.cwd(), 'bin/dramadex.js');
/** Compiled beside the bin's modules (dist/), so it changes the very CatalogueStore the bin loads. */
const PAUSE_MID_IMPORT = pathToFileURL(join(process.cwd(), 'dist/test/ingest/pause-mid-import.js')).href;
const ROWS = 50_000;
const PASSWORD = 'correct horse battery';
const link = (index: number) => `https://pan.example.com/s/during-${index}`;
const TAKEN_DOWN = link(ROWS - 7); // written by the import after its pause

describe('a console takedown during an import, in separate processes on one SQLite file', { timeout: 20 * 60_000 }, () => {
  let dir: string;
  let url: string;
  let drop: () => Promise<void>;
  let server: RunningCli;
  let base: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dramadex-takedown-'));
    ({ url, drop } = await createTestDatabase('sqlite'));
    const database = await openDatabase(url);
    try {
      await new AccountStore(database).add('mod.during', 'moderator', PASSWORD);
    } finally {
      await database.close();
    }
    server = startCli(['serve'], {
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: '0',
      RANKING_PORT: '0',
      METRICS_PORT: 'off',
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'info',
    });
    await server.until(/dramadex is serving/);
    const port = /"catalogue":\{[^}]*"port":(\d+)/.exec(server.output())?.[1];
    assert.ok(port, server.output());
    base = `http://127.0.0.1:${port}`;
  });
  after(async () => {
    server.child.kill('SIGTERM');
    if (server.child.exitCode === null) await once(server.child, 'exit');
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Signs in through the form, as a script would (no Origin), and reads the CSRF token off the console. */
  const signIn = async () => {
    const login = await fetch(`${base}/admin/login`, {
      method: 'POST',
      body: new URLSearchParams({ name: 'mod.during', password: PASSWORD }),
      redirect: 'manual',
    });
    assert.equal(login.status, 303, await login.text());
    const session = login.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    assert.ok(session, 'a session cookie was set');
    const cookie = session.split(';')[0] as string;
    const page = await (await fetch(`${base}/admin`, { headers: { cookie } })).text();
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page)?.[1];
    assert.ok(csrf, 'the console page carries a CSRF token');
    return { cookie, csrf };
  };

  test('both end successfully; every row but the taken-down one is stored; the audit has both', async () => {
    const { cookie, csrf } = await signIn();
    const file = join(dir, 'big.ndjson');
    const rows = Array.from({ length: ROWS }, (_, index) =>
      JSON.stringify({ title: `下架并发${index}`, source_link: link(index), type: 'post', update_time: '2024-01-01 12:00:00' }),
    );
    writeFileSync(file, rows.join('\n'));

    const child = spawn(process.execPath, ['--import', PAUSE_MID_IMPORT, BIN, 'import', file], {
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      child.emit('output');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (output.includes('mid-import\n')) resolve();
      };
      child.on('output', check);
      child.once('exit', () => reject(new Error(`the import ended before its transaction paused; it printed:\n${output}`)));
    });

    // The import holds the write lock: the takedown is sent now, then the import is let go on.
    const takedown = fetch(`${base}/admin/takedowns`, {
      method: 'POST',
      headers: { cookie, 'accept-language': 'en' },
      // Confirmed at once, as the console's confirm step sends it; the answer redirects to the result (POST/redirect/GET).
      body: new URLSearchParams({ _csrf: csrf, link: TAKEN_DOWN, match: 'exact', reason: 'during an import', confirm: '1' }),
      redirect: 'manual',
    });
    child.stdin.end('go');
    const [code, answer] = await Promise.all([exited, takedown]);
    assert.equal(code, 0, output);
    assert.match(output, new RegExp(`added ${ROWS}, updated 0, unchanged 0, rejected 0`));
    assert.equal(answer.status, 303, await answer.text());
    const result = await fetch(new URL(answer.headers.get('location') ?? '', base), { headers: { cookie, 'accept-language': 'en' } });
    assert.match(await result.text(), /Took down [^;]+; 1 removed\.|已下架 [^，]+，删除了 1 条。/);

    const database = await openDatabase(url);
    try {
      const stored = await database.db.selectFrom('entries').select('source_link').execute();
      assert.equal(stored.length, ROWS - 1);
      assert.ok(!stored.some((row) => row.source_link === TAKEN_DOWN), 'the taken-down entry is gone');
    } finally {
      await database.close();
    }
    const audit = await auditRowsAfter(url, 0);
    assert.ok(
      audit.some((row) => row.startsWith(`cli import ${file} | `)),
      audit.join('\n'),
    );
    assert.ok(
      audit.some((row) => row.startsWith(`mod.during takedown add ${TAKEN_DOWN} | `)),
      audit.join('\n'),
    );
  });
});
