/**
 * The stored English sentences a page in Chinese reads back (docs/console.md, "On a phone, in one
 * language"), proven on what the real operations write, both stores: every audit detail of every
 * operation, every poll error the sources record, a check's reason line and evidence. The Chinese shows
 * no English word of the console's tables or of the sentences' own shapes, outside the data it quotes
 * (titles, names, labels, hosts), which comes through exactly as stored; the English did show such words,
 * so the check can fail; a time is written the console's way; and every action with a detail was run.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { AccountStore } from '../../src/admin/accounts.js';
import { AUDIT_DETAILS_ZH, AUDIT_TARGETS_ZH } from '../../src/admin/audit-detail-text.js';
import { consoleTime } from '../../src/admin/console-time.js';
import { evidenceLine } from '../../src/admin/links-model.js';
import { NAMES_TEXT } from '../../src/admin/names-text.js';
import { parseRecords } from '../../src/boards/records.js';
import { loadDemoData } from '../../src/demo/load-demo-data.js';
import { type CheckEvidence, outcomeOf } from '../../src/links/link-checker.js';
import { createOperations, type Operations } from '../../src/operations/operations.js';
import { telegramSource, upstreamSource } from '../../src/operations/source-operations.js';
import { FixtureTelegram } from '../sources/fixture-telegram.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { problemsOf } from './text-table-words.js';

const zh = NAMES_TEXT.zh;
const when = (value: string) => consoleTime(value, 'Asia/Shanghai');
const quark = (id: string) => `https://pan.quark.cn/s/${id}`;
const ndjson = (...rows: object[]) => rows.map((row) => JSON.stringify(row)).join('\n');

async function closedOrigin(): Promise<string> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return `http://127.0.0.1:${port}`;
}

for (const store of STORES) {
  describe(`stored English sentences read in Chinese [${store}]`, () => {
    let ctx: TestContext;
    let upstream: TestContext;
    let telegram: FixtureTelegram;
    let ops: Operations;
    let upstreamBase: string;
    before(async () => {
      telegram = new FixtureTelegram();
      ctx = await createTestContext(store, { TELEGRAM_ORIGIN: await telegram.listen() });
      upstream = await createTestContext(store);
      await upstream.importEntries([entry({ title: 'Upstream Drama', source_link: quark('up1'), type: 'post' })]);
      upstreamBase = await upstream.app.listen({ port: 0, host: '127.0.0.1' });
      ops = createOperations({ config: ctx.config, database: ctx.services.database, accountsOf: (database) => new AccountStore(database) });
    });
    after(async () => {
      await ctx.close();
      await upstream.close();
      await telegram.close();
    });

    test('every audit detail of every operation reads in Chinese, its data as stored, its times the console’s', async () => {
      await loadDemoData(ctx.services, () => undefined);
      await ops.accounts.add('alice', 'carol', 'moderator', 'a long enough password');
      const rows = [
        entry({ title: 'The Long Night', source_link: quark('a1'), type: 'post' }),
        entry({ title: 'Gone Tomorrow', source_link: quark('a2'), type: 'post' }),
      ];
      await ops.catalogue.importText('alice', 'dramas.ndjson', `${ndjson(...rows)}\n{"title":"broken row"}\n`);
      await ops.catalogue.importText('alice', 'posts.ndjson', ndjson(rows[0] as object), { replace: true, type: 'post' });
      await ctx.importEntries([entry({ title: 'Removed By Hand', source_link: quark('a3') })]);
      await ops.catalogue.remove('alice', [quark('a3')]);
      await ops.catalogue.takeDown('alice', { pattern: quark('gone'), match: 'exact', reason: 'the rights holder asked' });
      await ops.catalogue.takeDown('alice', { pattern: 'https://pan.quark.cn/s/zz', match: 'prefix' });
      const { row } = await ops.keys.create('alice', 5, 'partner feed');
      await ops.keys.revoke('alice', String(row.id));
      await ops.links.check('alice', 'https://example.com/not-a-share');
      const dead: CheckEvidence = { row: 'quark.token.41004', status: 200, code: '41004', message: '分享已取消' };
      await ops.links.recordVerdict('alice', quark('a1'), outcomeOf('dead', 'quark', dead));
      await ops.links.recordVerdict(
        'alice',
        quark('nowhere'),
        outcomeOf('unknown', 'quark', { row: 'timeout', message: 'timeout after 15000 ms' }, true, 'token'),
      );
      await ops.links.allowPastCeiling('alice', 'quark', 2);
      await ops.mirror.alongReplace('alice', upstreamBase)(ctx.services.database, {
        type: 'movie',
        state: 'replaced',
        ...{ added: 1, updated: 0, unchanged: 2, removed: 1, rejected: [] },
        removedEntries: [{ link: quark('m1'), title: 'Mirrored Away' }],
      });
      await ops.rankings.importSnapshot('alice', 'tv', parseRecords('tv', [{ title: '繁花' }]), 'board.json');
      const { record } = await ops.rankings.issueToken('alice', undefined);
      await ops.rankings.issueToken('alice', '192.0.2.1');
      await ops.rankings.rebindToken('alice', record, '192.0.2.7');
      await ops.rankings.revokeToken('alice', record);
      telegram.channel('good_channel', [{ id: 1, time: '2024-06-03T10:00:00+00:00', html: '频道的剧<br>https://pan.quark.cn/s/tg1' }]);
      await ops.sources.add('alice', telegramSource({ channel: 'good_channel', type: 'post', everyMinutes: 30, backfill: 10 }));
      // The upstream replaces this instance's posts: the Long Night goes, named in a row with the poll as its cause.
      await ops.sources.add('alice', upstreamSource({ baseUrl: upstreamBase, types: ['post'], everyMinutes: 60 }));
      await ops.sources.poll('alice', []);
      await ops.sources.poll('alice', ['nobody']);
      await ops.sources.remove('alice', 'good_channel');
      await ops.sources.add('alice', telegramSource({ channel: 'quiet_channel', type: 'post', everyMinutes: 30, backfill: 10 }));
      await ops.sources.poll('alice', ['quiet_channel']);

      const problems: string[] = [];
      const seen = new Set<string>();
      for (const { action, detail } of await ops.audit.recent(1_000_000)) {
        if (!detail) continue;
        seen.add(action);
        const pieces = zh.auditDetail(action, detail, when);
        problems.push(...problemsOf(detail, pieces).map((problem) => `${action}: ${problem}`));
        if (/\d{4}-\d\d-\d\dT/.test(pieces.join(' '))) problems.push(`${action}: an ISO time in "${detail}"`);
      }
      const targetsSeen = new Set<string>();
      for (const { action, target } of await ops.audit.recent(1_000_000)) {
        if (!(action in AUDIT_TARGETS_ZH)) continue;
        targetsSeen.add(action);
        const own = zh.auditTarget(action, target).filter((piece) => typeof piece === 'string');
        if (own.length === 0 || /[a-z]{3,}/i.test(own.join(''))) problems.push(`${action}: the target "${target}" is not read in Chinese`);
      }
      assert.deepEqual(problems, []);
      assert.deepEqual(
        Object.keys(AUDIT_TARGETS_ZH).filter((action) => !targetsSeen.has(action)),
        [],
        'every named target was written',
      );
      assert.deepEqual(
        Object.keys(AUDIT_DETAILS_ZH).filter((action) => !seen.has(action)),
        [],
        'every action with a detail shape was written by an operation',
      );
      const removals = (await ops.audit.recent(1_000_000)).filter((row) => row.action === 'remove').map((row) => row.detail);
      assert.ok(
        removals.some((detail) => / \(sources poll .* post\)$/.test(detail)),
        removals.join('\n'),
      );
      const [allowed] = (await ops.audit.recent(1_000_000)).filter((row) => row.action === 'breaker allow');
      const iso = /\S+Z$/.exec(allowed?.detail ?? '')?.[0] ?? '';
      assert.ok(zh.auditDetail('breaker allow', allowed?.detail ?? '', when).includes(when(iso)));
      assert.ok(
        NAMES_TEXT.en
          .auditDetail('breaker allow', allowed?.detail ?? '', when)[0]
          ?.toString()
          .endsWith(when(iso)),
      );
    });

    test('every poll error the sources record reads in Chinese', async () => {
      telegram.channel('hidden_channel', [], 'no-preview');
      telegram.channel('busy_channel', [], '429');
      telegram.channel('odd_channel', [], 'garbage');
      const sources = [
        ...['hidden_channel', 'busy_channel', 'odd_channel'].map((channel) =>
          telegramSource({ channel, type: 'post', everyMinutes: 30, backfill: 10 }),
        ),
        upstreamSource({ baseUrl: await closedOrigin(), types: ['post'], everyMinutes: 60 }),
        upstreamSource({ baseUrl: 'http://10.0.0.1:8080', types: ['post'], everyMinutes: 60 }),
      ];
      for (const source of sources) await ops.sources.add('alice', source);
      const reasons = (await ops.sources.poll('alice', [...sources.map((source) => source.name), 'nobody'])).flatMap((report) =>
        'reason' in report ? [report.reason] : [],
      );
      // A Telegram that cannot be reached at all.
      const unreachable = createOperations({
        config: { ...ctx.config, sources: { ...ctx.config.sources, telegramOrigin: await closedOrigin() } },
        database: ctx.services.database,
      });
      for (const report of await unreachable.sources.poll('alice', ['hidden_channel'])) if ('reason' in report) reasons.push(report.reason);
      const stored = (await ops.sources.list()).flatMap((source) => (source.lastError ? [source.lastError] : []));
      assert.equal(reasons.length, sources.length + 2, reasons.join('\n'));
      assert.ok(stored.length >= sources.length, stored.join('\n'));
      assert.deepEqual(
        [...reasons, ...stored].flatMap((reason) => problemsOf(reason, zh.pollError(reason))),
        [],
      );
    });
  });
}

test('check reason lines, evidence and pause reasons read in Chinese', () => {
  const evidences: Array<[CheckEvidence, boolean, string?]> = [
    [{ row: 'quark.token.41004', status: 200, code: '41004', message: '分享已取消' }, false],
    [{ row: 'http-429', status: 429 }, true, 'token'],
    [{ row: 'timeout', message: 'timeout after 15000 ms' }, false, 'detail'],
    [{ row: 'request-failed', message: 'fetch failed (ECONNREFUSED)' }, false, 'share'],
    [{ row: 'body-over-cap', message: 'body over 262144 bytes' }, false, 'share'],
    [{ row: 'unsupported', message: 'not a share link of a known provider' }, false],
    [{ row: 'check-failed', message: 'check failed: Unexpected token' }, false],
  ];
  const problems: string[] = [];
  for (const [evidence, throttled, step] of evidences) {
    const { reason } = outcomeOf(throttled ? 'unknown' : 'dead', 'quark', evidence, throttled, step);
    problems.push(
      ...problemsOf(reason, zh.linkReason(reason)),
      ...problemsOf(`canary dead: ${reason}`, zh.pauseReason(`canary dead: ${reason}`)),
    );
    const line = evidenceLine({
      evidence_status: evidence.status ?? null,
      evidence_code: evidence.code ?? null,
      evidence_message: evidence.message ?? null,
      evidence_row: evidence.row,
    });
    if (line && /code|[a-z]{3} [a-z]{3}/.test(line)) problems.push(...problemsOf(line, zh.evidence(line)));
  }
  problems.push(...problemsOf('breaker open', zh.pauseReason('breaker open')));
  assert.deepEqual(problems, []);
});
