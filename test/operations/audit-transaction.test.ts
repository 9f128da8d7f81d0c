/**
 * A change and its audit rows commit together or not at all (docs/console.md, "The audit record"), on both
 * stores, through the operations the console and the command line share: an audit insert the store
 * refuses (a trigger provoked here) rolls the change back and reports the error; a change that fails
 * leaves no row; a change that changed nothing still leaves its row and gives its revision back.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { CatalogueStore } from '../../src/catalogue/catalogue-store.js';
import { runLinksCheck } from '../../src/cli/links-check.js';
import { loadConfig } from '../../src/config/config.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { createLogger } from '../../src/observability/logger.js';
import { CLI_ACTOR } from '../../src/operations/audit-log.js';
import { createOperations, type Operations } from '../../src/operations/operations.js';
import { type Database, openDatabase } from '../../src/store/database.js';
import { ScriptedChecker } from '../links/scripted-checker.js';
import { FixtureTelegram } from '../sources/fixture-telegram.js';
import { createTestDatabase, STORES } from '../support/harness.js';

const link = (n: number) => `https://pan.quark.cn/s/audittx${n}`;
const row = (n: number) => JSON.stringify({ title: `事务${n}`, source_link: link(n), type: 'post', update_time: '2024-05-01 10:00:00' });
const REFUSAL = 'audit refused by the test';

/** Makes every insert into `table` fail, as a store error at that step would. */
async function refuseInserts(database: Database, table: string): Promise<void> {
  if (database.dialect === 'sqlite') {
    await sql
      .raw(`create trigger refuse_${table} before insert on ${table} begin select raise(abort, '${REFUSAL}'); end`)
      .execute(database.db);
    return;
  }
  await sql
    .raw(`create or replace function refuse_insert() returns trigger language plpgsql as $$ begin raise exception '${REFUSAL}'; end $$`)
    .execute(database.db);
  await sql
    .raw(`create trigger refuse_${table} before insert on ${table} for each row execute function refuse_insert()`)
    .execute(database.db);
}

async function allowInserts(database: Database, table: string): Promise<void> {
  await sql.raw(`drop trigger if exists refuse_${table}${database.dialect === 'postgres' ? ` on ${table}` : ''}`).execute(database.db);
}

for (const store of STORES) {
  describe(`a change and its audit rows commit together [${store}]`, () => {
    let database: Database;
    let operations: Operations;
    let catalogue: CatalogueStore;
    let drop: () => Promise<void>;
    const config = () => loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url });
    const auditRows = async () => (await operations.audit.recent(1000)).map((entry) => `${entry.actor} ${entry.action} ${entry.target}`);
    const links = async () => {
      const held: string[] = [];
      await catalogue.iterate({ includeHidden: true }, (batch) => {
        held.push(...batch.map((entry) => entry.source_link));
      });
      return held.sort();
    };

    before(async () => {
      let url: string;
      ({ url, drop } = await createTestDatabase(store));
      database = await openDatabase(url);
      catalogue = new CatalogueStore(database);
      operations = createOperations({ config: config(), database, checker: new ScriptedChecker(() => ['dead']) });
      await operations.catalogue.importText(CLI_ACTOR, 'seed.ndjson', `${[1, 2, 3].map(row).join('\n')}\n`);
    });
    afterEach(async () => {
      await allowInserts(database, 'audit_log');
      await allowInserts(database, 'takedowns');
    });
    after(async () => {
      await database.close();
      await drop();
    });

    test('an audit insert that fails rolls back every kind of change and reports the error', async () => {
      const rowsBefore = await auditRows();
      const revisionBefore = await catalogue.revision();
      await refuseInserts(database, 'audit_log');
      const attempts: Array<[string, () => Promise<unknown>]> = [
        ['import', () => operations.catalogue.importText('ops', 'more.ndjson', `${row(4)}\n`)],
        ['remove', () => operations.catalogue.remove('ops', [link(1)])],
        ['takedown add', () => operations.catalogue.takeDown('ops', { pattern: link(2), match: 'exact', reason: 'court' })],
        ['key create', () => operations.keys.create('ops', 5, 'partner')],
        [
          'sources add',
          () =>
            operations.sources.add('ops', {
              name: 'audit_tx',
              kind: 'telegram',
              settings: { channel: 'audit_tx', type: 'movie', backfill: 10 },
              everyMinutes: 30,
            }),
        ],
        ['breaker reset', () => operations.links.resetBreaker('ops', 'quark')],
        ['links check', () => operations.links.check('ops', link(3))],
      ];
      for (const [name, attempt] of attempts) await assert.rejects(attempt, new RegExp(REFUSAL), name);
      assert.deepEqual(await links(), [link(1), link(2), link(3)]);
      assert.equal(await catalogue.revision(), revisionBefore, 'no revision was committed');
      assert.deepEqual(await operations.catalogue.listTakedowns(), []);
      assert.deepEqual(await operations.keys.keys.list(), []);
      assert.deepEqual(await operations.sources.list(), []);
      assert.equal((await new LinkHealthStore(database, 60_000).status(link(3)))?.verdict ?? null, null, 'the verdict was not kept');
      assert.deepEqual(await auditRows(), rowsBefore);
    });

    test('the same changes commit with their rows once the store takes them', async () => {
      await operations.catalogue.remove('ops', [link(1)]);
      await operations.catalogue.takeDown('ops', { pattern: link(2), match: 'exact', reason: 'court' });
      assert.deepEqual(await links(), [link(3)]);
      assert.deepEqual((await auditRows()).slice(0, 2), [`ops takedown add ${link(2)}`, `ops remove ${link(1)}`]);
    });

    test('a change that fails in the store leaves no audit row', async () => {
      const rowsBefore = await auditRows();
      await refuseInserts(database, 'takedowns');
      await assert.rejects(operations.catalogue.takeDown('ops', { pattern: link(3), match: 'exact', reason: 'x' }), new RegExp(REFUSAL));
      await assert.rejects(operations.catalogue.importText('ops', 'strict.ndjson', '{"title":"x"}\n', { strict: true }));
      await assert.rejects(operations.catalogue.liftTakedown('ops', 'https://pan.quark.cn/s/never'), /no takedown/);
      await assert.rejects(operations.sources.remove('ops', 'never'), /no source/);
      assert.deepEqual(await links(), [link(3)]);
      assert.deepEqual(await auditRows(), rowsBefore);
    });

    test('an import that changes nothing still leaves its row, and gives its revision back', async () => {
      const revision = await catalogue.revision();
      await operations.catalogue.importText('ops', 'again.ndjson', `${row(3)}\n`);
      assert.equal(await catalogue.revision(), revision);
      assert.equal((await auditRows())[0], 'ops import again.ndjson');
      // The revision given back is taken by the next change, so revisions stay commit-ordered and dense.
      await operations.catalogue.importText('ops', 'new.ndjson', `${row(5)}\n`);
      assert.equal(await catalogue.revision(), revision + 1);
    });

    test('`links check` keeps no verdict whose audit row the store refused', async () => {
      const checkNow = () =>
        runLinksCheck({
          config: config(),
          database,
          checker: new ScriptedChecker(() => ['dead']),
          log: createLogger('silent', 'stderr', 'json'),
          given: [link(3)],
          provider: undefined,
          limit: 10,
          write: () => undefined,
        });
      await refuseInserts(database, 'audit_log');
      await assert.rejects(checkNow(), new RegExp(REFUSAL));
      assert.equal((await new LinkHealthStore(database, 60_000).status(link(3)))?.verdict ?? null, null);
      await allowInserts(database, 'audit_log');
      await checkNow();
      assert.equal((await auditRows())[0], `cli links check ${link(3)}`);
    });

    test("a poll's row commits with the poll's recorded outcome, or neither is kept", async () => {
      const telegram = new FixtureTelegram();
      const origin = await telegram.listen();
      try {
        telegram.channel('audit_poll', [{ id: 1, time: '2026-11-20T12:00:00+00:00', html: `剧名<br>${link(9)}` }]);
        const polling = createOperations({
          config: loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url, TELEGRAM_ORIGIN: origin }),
          database,
        });
        await polling.sources.add('ops', {
          name: 'audit_poll',
          kind: 'telegram',
          settings: { channel: 'audit_poll', type: 'post', backfill: 10 },
          everyMinutes: 30,
        });
        await refuseInserts(database, 'audit_log');
        await assert.rejects(polling.sources.poll('ops', ['audit_poll']), new RegExp(REFUSAL));
        assert.equal((await polling.sources.sources.get('audit_poll'))?.lastPollAt ?? null, null);
        await allowInserts(database, 'audit_log');
        // Its lease was not given back (that write was rolled back): it runs out as a crashed poll's does.
        const [report] = await polling.sources.poll('ops', ['audit_poll']);
        assert.equal(report?.outcome, 'busy', JSON.stringify(report));
        assert.equal((await auditRows())[0], 'ops sources poll audit_poll');
        // What it read was imported before, in the import's own transaction (docs/console.md).
        assert.ok((await links()).includes(link(9)));
      } finally {
        await telegram.close();
      }
    });
  });
}
