/**
 * The audit rows of writes that remove or seed entries in bulk, as operators run them (docs/console.md,
 * "The audit record"), on both stores: a `mirror` and an upstream `sources poll` whose dump lost entries
 * write one `remove` row per entry removed, naming its link, its title and the cause; `serve --demo` on an
 * empty database writes its `demo load` rows.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { runCli, startCli } from '../support/cli.js';
import { GeneratedUpstream, generatedLink, generatedTitle } from '../support/generated-upstream.js';
import { createTestDatabase, STORES } from '../support/harness.js';
import { auditRowsAfter, lastAuditId } from '../support/stored.js';

for (const store of STORES) {
  describe(`the audit rows of replaces and the demo load [${store}]`, () => {
    let url: string;
    let drop: () => Promise<void>;
    before(async () => {
      ({ url, drop } = await createTestDatabase(store));
    });
    after(() => drop());

    const cli = async (...args: string[]) => {
      const result = await runCli(args, { DATABASE_URL: url });
      assert.equal(result.code, 0, `dramadex ${args.join(' ')}: ${result.stderr}`);
      return result.stdout;
    };
    const rowsAfter = (sinceId: number, databaseUrl = url) => auditRowsAfter(databaseUrl, sinceId);
    const lastId = () => lastAuditId(url);
    /** The `remove` rows a replace wrote for entries 1 and 2 of `prefix`, as `cause` names it. */
    const removals = (prefix: string, cause: string) =>
      [1, 2].map((index) => `cli remove ${generatedLink(prefix, index)} | ${generatedTitle(prefix, index)} (${cause})`);

    test('a mirror whose dump lost entries names each entry it removed', async () => {
      const upstream = new GeneratedUpstream('post', 3, 'mirrored');
      try {
        const base = await upstream.listen();
        await cli('mirror', base, '--type', 'post');
        const since = await lastId();
        upstream.rows = 1;
        assert.match(await cli('mirror', base, '--type', 'post'), /^post: added 0, updated 0, unchanged 1, removed 2, rejected 0$/m);
        const [replaced, ...removed] = await rowsAfter(since);
        assert.equal(replaced, `cli mirror ${base} post | added 0, updated 0, unchanged 1, removed 2, rejected 0`);
        assert.deepEqual(removed.sort(), removals('mirrored', `mirror ${base} post`).sort());
      } finally {
        await upstream.close();
      }
    });

    test('an upstream poll whose dump lost entries names each entry it removed', async () => {
      const upstream = new GeneratedUpstream('movie', 3, 'polled');
      try {
        const base = await upstream.listen();
        const name = base.replace('http://', '');
        await cli('sources', 'add', 'upstream', base, '--type', 'movie');
        await cli('sources', 'poll', name);
        const since = await lastId();
        upstream.rows = 1;
        assert.match(await cli('sources', 'poll', name), /removed 2/);
        const rows = await rowsAfter(since);
        const removed = rows.filter((row) => row.startsWith('cli remove '));
        assert.deepEqual(removed.sort(), removals('polled', `sources poll ${name} movie`).sort());
        assert.ok(
          rows.some((row) => row.startsWith(`cli sources poll ${name} |`)),
          rows.join('\n'),
        );
      } finally {
        await upstream.close();
      }
    });

    test('serve --demo on an empty database records the demo load', async () => {
      const empty = await createTestDatabase(store);
      const server = startCli(['serve', '--demo'], {
        DATABASE_URL: empty.url,
        HOST: '127.0.0.1',
        PORT: '0',
        RANKING_PORT: '0',
        METRICS_PORT: 'off',
        LOG_LEVEL: 'info',
      });
      try {
        await server.until(/dramadex is serving/);
        const rows = await rowsAfter(0, empty.url);
        const catalogue = rows.find((row) => row.startsWith('cli demo load catalogue | '));
        assert.match(catalogue ?? rows.join('\n'), /^cli demo load catalogue \| added [1-9]\d* entries$/);
        assert.ok(rows.includes('cli demo load ranking boards | demo snapshots of every board'), rows.join('\n'));
      } finally {
        server.child.kill('SIGTERM');
        if (server.child.exitCode === null) await once(server.child, 'exit');
        await empty.drop();
      }
    });
  });
}
