import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { EntryInput } from '../../src/catalogue/catalogue-store.js';
import { UPSERT_BATCH } from '../../src/store/entry-upsert.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

function many(count: number, prefix: string, fields: Partial<EntryInput> = {}): EntryInput[] {
  return Array.from({ length: count }, (_, index) =>
    entry({ title: `${prefix}${index}`, source_link: `https://pan.example.com/s/${prefix}-${index}`, ...fields }),
  );
}

for (const store of STORES) {
  describe(`store: importing entries [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
    });
    after(() => ctx.close());

    const catalogueStore = () => ctx.services.catalogue.store;

    test('counts added, updated and unchanged, and bumps the revision only when something changed', async () => {
      const first = [entry({ title: '甲' }), entry({ title: '乙' }), entry({ title: '丙' })];
      const revisionBefore = await catalogueStore().revision();
      assert.deepEqual(await catalogueStore().importEntries(first), { added: 3, updated: 0, unchanged: 0, removed: 0, removedEntries: [] });
      const revisionAfter = await catalogueStore().revision();
      assert.equal(revisionAfter, revisionBefore + 1);
      assert.equal(typeof revisionAfter, 'number');

      const again = [{ ...(first[0] as EntryInput), title: '甲（新）' }, { ...(first[1] as EntryInput), type: 'movie' as const }, first[2]];
      assert.deepEqual(await catalogueStore().importEntries(again as EntryInput[]), {
        added: 0,
        updated: 2,
        unchanged: 1,
        removed: 0,
        removedEntries: [],
      });
      assert.deepEqual(await catalogueStore().importEntries(again as EntryInput[]), {
        added: 0,
        updated: 0,
        unchanged: 3,
        removed: 0,
        removedEntries: [],
      });
      assert.equal(await catalogueStore().revision(), revisionAfter + 1, 'an import that changes nothing leaves the revision');

      await ctx.services.catalogue.refresh();
      const listed = (await ctx.app.inject('/api/search?keyword=%E7%94%B2')).json();
      assert.deepEqual(
        listed.data.items.map((item: EntryInput) => item.title),
        ['甲（新）'],
      );
    });

    test('a link given twice in one import is stored once, the last occurrence winning', async () => {
      const link = 'https://pan.example.com/s/twice';
      const counts = await catalogueStore().importEntries([
        entry({ source_link: link, title: '先' }),
        entry({ title: '中间' }),
        entry({ source_link: link, title: '后' }),
      ]);
      assert.deepEqual(counts, { added: 2, updated: 0, unchanged: 0, removed: 0, removedEntries: [] });
      await ctx.services.catalogue.refresh();
      const body = (await ctx.app.inject(`/api/search?keyword=${encodeURIComponent('后')}`)).json();
      assert.deepEqual(
        body.data.items.map((item: EntryInput) => item.source_link),
        [link],
      );
    });

    test('counts stay exact across batch boundaries, and the count is a number', async () => {
      const size = UPSERT_BATCH[store] * 2 + 7;
      const rows = many(size, 'batch');
      const before = await catalogueStore().count();
      assert.deepEqual(await catalogueStore().importEntries(rows), {
        added: size,
        updated: 0,
        unchanged: 0,
        removed: 0,
        removedEntries: [],
      });
      const changed = rows.map((row, index) => (index % 3 === 0 ? { ...row, update_time: '2024-06-01 00:00:00' } : row));
      const fresh = many(5, 'batch-extra');
      assert.deepEqual(await catalogueStore().importEntries([...changed, ...fresh]), {
        added: 5,
        updated: Math.ceil(size / 3),
        unchanged: size - Math.ceil(size / 3),
        removed: 0,
        removedEntries: [],
      });
      const after = await catalogueStore().count();
      assert.equal(typeof after, 'number');
      assert.equal(after, before + size + 5);
    });

    test('an import that fails part-way stores nothing and leaves the revision', async () => {
      const before = await catalogueStore().count();
      const revision = await catalogueStore().revision();
      const rows = many(UPSERT_BATCH[store] + 10, 'doomed');
      // A row the database itself refuses (NOT NULL), in the second batch: the first batch was already written.
      (rows[rows.length - 1] as { title: string | null }).title = null;
      await assert.rejects(catalogueStore().importEntries(rows));
      assert.equal(await catalogueStore().count(), before);
      assert.equal(await catalogueStore().revision(), revision);
    });

    test('concurrent imports get distinct revisions and both land', async () => {
      const revision = await catalogueStore().revision();
      const [a, b] = await Promise.all([
        catalogueStore().importEntries(many(300, 'concurrent-a')),
        catalogueStore().importEntries(many(300, 'concurrent-b')),
      ]);
      assert.equal(a.added + b.added, 600);
      assert.equal(await catalogueStore().revision(), revision + 2);
    });

    test('text round-trips exactly: Chinese, emoji, quotes, backslashes, JSON-looking text', async () => {
      const titles = ['霸道总裁爱上我 第二季', '🎬 电影「长安」', 'He said "hi" \\ back\\slash', '{"a":[1,2]} , NULL', ' 前后空格 '];
      const rows = titles.map((title, index) => entry({ title, source_link: `https://pan.example.com/s/text-${index}?q="x"&y=\\` }));
      await catalogueStore().importEntries(rows);
      const stored = new Map<string, string>();
      await catalogueStore().loadSince(0, (batch) => {
        for (const row of batch) stored.set(row.source_link, row.title);
      });
      for (const row of rows) assert.equal(stored.get(row.source_link), row.title);
    });

    test('a lone UTF-16 surrogate is stored as U+FFFD on every store', async () => {
      const row = entry({ title: `坏\ud800字` });
      await catalogueStore().importEntries([row]);
      let title: string | undefined;
      await catalogueStore().loadSince(0, (batch) => {
        title = batch.find((stored) => stored.source_link === row.source_link)?.title ?? title;
      });
      assert.equal(title, '坏\ufffd字');
    });
  });
}
