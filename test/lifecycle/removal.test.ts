/**
 * Removal through the whole stack of one instance: a removal committed by another connection (as the
 * command line makes it) leaves every listing, search (built index and delta), full dump and cached
 * answer at the next refresh; takedowns remove and keep rejecting; a replace removes what the file lacks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CatalogueStore, type EntryInput } from '../../src/catalogue/catalogue-store.js';
import { TakedownStore } from '../../src/catalogue/takedowns.js';
import { importText, NothingValidError } from '../../src/ingest/import-file.js';
import { openDatabase } from '../../src/store/database.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const ndjson = (rows: EntryInput[]) => rows.map((row) => JSON.stringify(row)).join('\n');

for (const store of STORES) {
  describe(`lifecycle: removal reaches every answer [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
    });
    after(() => ctx.close());

    /** Through another connection, as `dramadex remove` would, then the instance's refresh. */
    const removeElsewhere = async (links: string[]) => {
      const database = await openDatabase(ctx.config.databaseUrl);
      try {
        return await new CatalogueStore(database).removeEntries(links);
      } finally {
        await database.close();
        await ctx.services.catalogue.refresh();
      }
    };
    const links = async (path: string) =>
      ((await ctx.app.inject(path)).json().data.items as EntryInput[]).map((item) => item.source_link).sort();

    test('removed entries leave lists, search (built and delta), dumps and cached answers', async () => {
      const built = [entry({ title: '删除测试甲' }), entry({ title: '删除测试乙' }), entry({ title: '删除测试丙', type: 'movie' })];
      await ctx.importEntries(built);
      const delta = entry({ title: '删除测试丁' });
      await ctx.importEntries([delta]); // after the index was built: searched as the delta
      const search = `/api/search?keyword=${encodeURIComponent('删除测试')}&limit=100`;
      const paths = ['/api/contents?limit=100', '/api/contents/post?limit=100', search, '/api/contents/post/all'];
      const before = await Promise.all(paths.map(links)); // also fills the response and dump caches
      assert.equal(before[2]?.length, 4);
      const [first, , movie] = built as [EntryInput, EntryInput, EntryInput];

      const report = await removeElsewhere([first.source_link, delta.source_link, 'https://pan.example.com/s/never-there']);
      assert.deepEqual(report.removed.sort(), [first.source_link, delta.source_link].sort());
      assert.deepEqual(report.notFound, ['https://pan.example.com/s/never-there']);
      for (const path of paths) {
        const now = await links(path);
        assert.ok(!now.includes(first.source_link) && !now.includes(delta.source_link), `${path} still serves a removed entry`);
      }
      assert.deepEqual(await links(search), [built[1]?.source_link, movie.source_link].sort());
      const total = (await ctx.app.inject('/api/contents/post')).json().data.total;
      assert.equal(total, (before[1]?.length ?? 0) - 2);
      assert.equal(ctx.services.catalogue.size, (before[0]?.length ?? 0) - 2);

      // The link may come back: it is a new entry.
      await ctx.importEntries([{ ...first, title: '删除测试甲回来了' }]);
      assert.ok((await links(search)).includes(first.source_link));
    });

    test('a takedown removes what its prefix matches and imports reject it until lifted', async () => {
      const prefix = `https://pan.example.com/s/takedown-${store}-😀-`; // a character beyond the BMP counts once
      const hit = entry({ source_link: `${prefix}1`, title: '下架甲' });
      const kept = entry({ title: '下架乙' });
      await ctx.importEntries([hit, kept]);
      const takedowns = new TakedownStore(ctx.services.database);
      assert.equal(await takedowns.add(prefix, 'owner asked', 'prefix'), 1);
      await ctx.services.catalogue.refresh();
      const search = `/api/search?keyword=${encodeURIComponent('下架')}`;
      assert.deepEqual(await links(search), [kept.source_link]);
      assert.deepEqual(
        (await takedowns.list()).map((row) => [row.pattern, row.reason]),
        [[prefix, 'owner asked']],
      );

      const report = await importText(ctx.services.catalogue.store, ndjson([hit, entry({ source_link: `${prefix}2` }), kept]));
      assert.deepEqual(report.rejected, [
        { line: 1, reason: 'taken down' },
        { line: 2, reason: 'taken down' },
      ]);
      assert.equal(report.unchanged, 1);

      assert.equal(await takedowns.remove(prefix), true);
      assert.equal(await takedowns.remove(prefix), false);
      const again = await importText(ctx.services.catalogue.store, ndjson([hit]));
      assert.equal(again.added, 1);
    });

    test('import --replace of one type removes what the file lacks, atomically, and counts it', async () => {
      const tvs = [entry({ type: 'tv', title: '替换甲' }), entry({ type: 'tv', title: '替换乙' }), entry({ type: 'tv', title: '替换丙' })];
      const other = entry({ type: 'xuexi', title: '替换之外' });
      await ctx.importEntries([...tvs, other]);
      const file = ndjson([
        tvs[0] as EntryInput,
        { ...(tvs[1] as EntryInput), title: '替换乙改' },
        entry({ type: 'tv', title: '替换丁' }),
        other,
      ]);
      const report = await importText(ctx.services.catalogue.store, file, { replace: true, type: 'tv' });
      assert.deepEqual(
        { added: report.added, updated: report.updated, unchanged: report.unchanged, removed: report.removed },
        { added: 1, updated: 1, unchanged: 1, removed: 1 },
      );
      assert.deepEqual(report.rejected, [{ line: 4, reason: 'type "xuexi" is not the type being replaced (tv)' }]);
      await ctx.services.catalogue.refresh();
      assert.equal((await ctx.app.inject('/api/contents/tv')).json().data.total, 3);
      assert.equal((await ctx.app.inject('/api/contents/xuexi')).json().data.total, 1, 'other types untouched');

      await assert.rejects(importText(ctx.services.catalogue.store, '{"title":1}\nnot json', { replace: true }), NothingValidError);
      assert.equal((await ctx.app.inject('/api/contents/tv')).json().data.total, 3, 'a file with nothing valid replaces nothing');
    });
  });
}
