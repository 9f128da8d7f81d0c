// The ranking commands run as operators run them (child processes on a real database), and `dramadex serve`
// end to end: both listeners in one process, rankings only on RANKING_PORT, no token in the logs.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildRankingApp } from '../../src/boards-app.js';
import { createServices, type Services } from '../../src/services.js';
import { runCli, startCli } from '../support/cli.js';
import { createTestDatabase, STORES } from '../support/harness.js';
import { listen, socketRequest } from '../support/net.js';

const TOKEN_LINE = /^dxr_[A-Za-z0-9_-]{43}$/;

function file(name: string, content: unknown): string {
  const path = join(tmpdir(), `dramadex-ranking-${process.pid}-${Date.now()}-${name}`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1) ?? '';

for (const store of STORES) {
  describe(`ranking commands [${store}]`, () => {
    let env: Record<string, string>;
    let drop: () => Promise<void>;
    let services: Services;
    let app: FastifyInstance;
    let port: number;
    before(async () => {
      const database = await createTestDatabase(store);
      drop = database.drop;
      env = { DATABASE_URL: database.url };
      // A running ranking listener over the same database, as in production.
      const { loadConfig } = await import('../../src/config/config.js');
      services = await createServices(loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url }), { pollMs: 0 });
      app = await buildRankingApp(services);
      port = await listen(app);
    });
    after(async () => {
      await app.close();
      await services.close();
      await drop();
    });

    test('rankings import stores a snapshot, prints counts, and the running service serves it at once', async () => {
      const first = await runCli(
        ['rankings', 'import', file('tv1.json', [{ title: '繁花' }, { title: '狂飙' }, { title: '漫长的季节' }]), '--board', 'tv'],
        env,
      );
      assert.equal(first.code, 0, first.stderr);
      assert.match(
        first.stdout,
        /^stored snapshot \d+ of board tv at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}: 3 records \(up 0, down 0, same 0, new 3\)$/m,
      );
      const second = await runCli(
        [
          'rankings',
          'import',
          file('tv2.json', [{ title: '狂飙', hot_score: 99 }, { title: '繁花' }, { title: '漫长的季节' }, { title: '三体' }]),
          '--board',
          'tv',
        ],
        env,
      );
      assert.equal(second.code, 0, second.stderr);
      assert.match(second.stdout, /4 records \(up 1, down 1, same 1, new 1\)/);
      const { token } = await services.rankings.tokens.issue();
      const served = (await socketRequest(port, '/api/extrank/tv/hot', { from: '127.0.0.2', token })).json().data;
      assert.deepEqual(
        served.items.map((item: { title: string; hot_change: string }) => [item.title, item.hot_change]),
        [
          ['狂飙', 'up'],
          ['繁花', 'down'],
          ['漫长的季节', 'same'],
          ['三体', 'new'],
        ],
      );
      assert.equal(served.items[0].hot_score, 99);
    });

    test('rankings import refuses a bad board, a bad record, a non-array, non-JSON and a missing file with one line and exit 1', async () => {
      // One of each way to fail; every record rule is tested in records.test.ts.
      const cases: Array<[string[], RegExp]> = [
        [
          ['rankings', 'import', file('a.json', [{ title: 'x' }]), '--board', 'music'],
          /--board must be one of hot-dramas, drama, movie, tv, anime, variety, actors/,
        ],
        [['rankings', 'import', file('b.json', [{ title: 'ok' }, { title: '' }]), '--board', 'drama'], /record 2: title is required/],
        [['rankings', 'import', file('h.json', '[{"title":'), '--board', 'drama'], /not JSON/],
        [['rankings', 'import', '/nonexistent/ranking.json', '--board', 'drama'], /cannot read/],
      ];
      for (const [args, reason] of cases) {
        const result = await runCli(args, env);
        assert.equal(result.code, 1, args.join(' '));
        assert.match(result.stderr, reason);
        assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
      }
      assert.equal(await services.rankings.boards.store.count('drama'), 0, 'nothing was stored');
      const missingBoard = await runCli(['rankings', 'import', file('i.json', [])], env);
      assert.notEqual(missingBoard.code, 0);
    });

    test('token issue prints the token alone on the last line; bound with --ip it works only from there', async () => {
      const issued = await runCli(['token', 'issue', '--ip', '127.0.0.3'], env);
      assert.equal(issued.code, 0, issued.stderr);
      const token = lastLine(issued.stdout);
      assert.match(token, TOKEN_LINE);
      assert.match(issued.stdout, /bound to 127\.0\.0\.3/);
      assert.equal((await socketRequest(port, '/api/drama-actors', { from: '127.0.0.3', token })).status, 200);
      assert.equal((await socketRequest(port, '/api/drama-actors', { from: '127.0.0.4', token })).status, 403);
      const bad = await runCli(['token', 'issue', '--ip', '999.1.1.1'], env);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /--ip must be an IPv4 or IPv6 address/);
    });

    test('token list, rebind and revoke: by id or by the token; secrets never listed', async () => {
      const token = lastLine((await runCli(['token', 'issue'], env)).stdout);
      const listed = await runCli(['token', 'list'], env);
      assert.equal(listed.code, 0);
      assert.ok(!listed.stdout.includes(token), 'the list never shows a token');
      const row = listed.stdout.split('\n').find((line) => line.includes(`${token.slice(0, 16)}…`));
      assert.ok(row, listed.stdout);
      const id = row.split('\t')[0] as string;
      assert.match(row, /\t-\t-\t.*\tactive$/);

      // First use binds; rebind by id moves it; rebind by token without --ip clears it.
      assert.equal((await socketRequest(port, '/api/drama-actors', { from: '127.0.0.5', token })).status, 200);
      const moved = await runCli(['token', 'rebind', id, '--ip', '127.0.0.6'], env);
      assert.equal(moved.code, 0, moved.stderr);
      assert.match(moved.stdout, new RegExp(`token ${id} is now bound to 127\\.0\\.0\\.6`));
      assert.equal((await socketRequest(port, '/api/drama-actors', { from: '127.0.0.5', token })).status, 403);
      assert.equal((await socketRequest(port, '/api/drama-actors', { from: '127.0.0.6', token })).status, 200);
      const cleared = await runCli(['token', 'rebind', token], env);
      assert.match(cleared.stdout, /bound to the next address that uses it/);
      assert.equal((await socketRequest(port, '/api/drama-actors', { from: '127.0.0.7', token })).status, 200);
      assert.match((await runCli(['token', 'list'], env)).stdout, new RegExp(`^${id}\\t[^\\n]*\\t127\\.0\\.0\\.7\\t`, 'm'));

      const revoked = await runCli(['token', 'revoke', id], env);
      assert.equal(revoked.code, 0, revoked.stderr);
      assert.equal((await socketRequest(port, '/api/drama-actors', { from: '127.0.0.7', token })).status, 401);
      assert.match((await runCli(['token', 'list'], env)).stdout, new RegExp(`^${id}\\t.*\\trevoked `, 'm'));
      const again = await runCli(['token', 'revoke', token], env);
      assert.equal(again.code, 1);
      assert.match(again.stderr, /already revoked/);
      const rebindRevoked = await runCli(['token', 'rebind', id, '--ip', '127.0.0.8'], env);
      assert.equal(rebindRevoked.code, 1);
      assert.match(rebindRevoked.stderr, /is revoked/);
      const unknown = await runCli(['token', 'revoke', '999999'], env);
      assert.equal(unknown.code, 1);
      assert.match(unknown.stderr, /no token with id 999999/);
      const notAToken = await runCli(['token', 'revoke', `dxr_${'Q'.repeat(43)}`], env);
      assert.equal(notAToken.code, 1);
    });
  });
}

describe('dramadex serve --demo', () => {
  test('serves demo rankings on RANKING_PORT only, bound tokens work, and no token reaches the log', async () => {
    const database = await createTestDatabase('sqlite');
    const env = { DATABASE_URL: database.url, PORT: '0', RANKING_PORT: '0', METRICS_PORT: '0', LOG_LEVEL: 'trace' };
    // `serve` makes the database; `token issue` refuses to create one (it would write where nothing is served).
    const server = startCli(['serve', '--demo'], env);
    try {
      await server.until(/"msg":"dramadex is serving"/);
      const token = lastLine((await runCli(['token', 'issue', '--ip', '127.0.0.1'], env)).stdout);
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes('dramadex is serving')) as string;
      const { catalogue, ranking } = JSON.parse(line) as { catalogue: { port: number }; ranking: { port: number } };
      assert.match(server.output(), /demo rankings loaded: 7 boards/);

      const hot = await socketRequest(ranking.port, '/api/drama-actors/hot-dramas', { from: '127.0.0.1', token });
      assert.equal(hot.status, 200);
      const data = hot.json().data;
      assert.ok(data.total >= 10);
      assert.ok(new Set(data.items.map((item: { hot_change: string }) => item.hot_change)).size >= 3, 'the demo shows movement');
      for (const path of [
        '/api/drama-actors',
        '/api/drama-actors/female',
        '/api/drama-actors/male',
        '/api/extrank/drama/hot',
        '/api/extrank/movie/hot',
        '/api/extrank/tv/hot',
        '/api/extrank/anime/hot',
        '/api/extrank/variety/hot',
      ]) {
        const response = await socketRequest(ranking.port, path, { from: '127.0.0.1', token });
        assert.equal(response.status, 200, path);
        assert.ok(response.json().data.items.length > 0, path);
      }
      assert.equal((await socketRequest(catalogue.port, '/api/drama-actors', { from: '127.0.0.1', token })).status, 404);
      assert.equal((await socketRequest(ranking.port, '/api/contents', { from: '127.0.0.1', token })).status, 404);
      assert.equal(
        (await socketRequest(ranking.port, '/api/drama-actors', { from: '127.0.0.1', token: `dxr_${'Z'.repeat(43)}` })).status,
        401,
      );
      assert.ok(!server.output().includes(token), 'the token is not in the log');
      assert.ok(!server.output().includes(token.slice(4)), 'nor its secret part');
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.once('exit', resolve));
      await database.drop();
    }
  });
});
