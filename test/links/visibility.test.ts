/**
 * The visibility rule through the whole stack of one instance (docs/link-health.md): two `dead` verdicts
 * far enough apart hide an entry from every list, total, search, full dump and cached answer, exactly as
 * a removal would; an `unknown` never does; `alive` brings it back; export leaves it out unless asked; an
 * import of its link keeps it hidden; a removal of a hidden entry still works.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { EntryInput } from '../../src/catalogue/catalogue-store.js';
import { exportEntries } from '../../src/ingest/export-entries.js';
import { type CheckOutcome, outcomeOf, type Verdict } from '../../src/links/link-checker.js';
import { LinkHealthStore } from '../../src/links/link-health-store.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const MINUTE = 60_000;
const outcome = (verdict: Verdict): CheckOutcome => outcomeOf(verdict, 'quark', { row: 'test' });

for (const store of STORES) {
  describe(`links: confirmed dead entries vanish and come back [${store}]`, () => {
    let ctx: TestContext;
    let health: LinkHealthStore;
    before(async () => {
      ctx = await createTestContext(store);
      health = new LinkHealthStore(ctx.services.database, 30 * MINUTE);
    });
    after(() => ctx.close());

    const links = async (path: string) => ((await ctx.app.inject(path)).json().data.items as EntryInput[]).map((item) => item.source_link);
    const record = async (link: string, verdict: Verdict, at: number) => {
      const next = await health.record(link, outcome(verdict), new Date(at));
      await ctx.services.catalogue.refresh();
      return next;
    };
    const exported = async (includeHidden: boolean) => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (chunk) => {
        text += chunk;
      });
      await exportEntries(ctx.services.catalogue.store, out, { format: 'ndjson', includeHidden });
      return text;
    };

    test('dead, unknown, dead (far enough apart) hides; alive shows again; unknown never hides', async () => {
      const dying = entry({ title: '失效测试甲', source_link: 'https://pan.quark.cn/s/dying0001' });
      const kept = entry({ title: '失效测试乙', source_link: 'https://pan.quark.cn/s/kept00001' });
      await ctx.importEntries([dying, kept]);
      const search = `/api/search?keyword=${encodeURIComponent('失效测试')}&limit=100`;
      const paths = ['/api/contents?limit=100', '/api/contents/post?limit=100', search, '/api/contents/post/all'];
      for (const path of paths) assert.ok((await links(path)).includes(dying.source_link), path);
      const etagBefore = (await ctx.app.inject('/api/contents/post/all')).headers.etag;

      const t0 = Date.parse('2026-01-01T00:00:00Z');
      await record(dying.source_link, 'dead', t0);
      await record(dying.source_link, 'unknown', t0 + 40 * MINUTE);
      assert.ok((await links(search)).includes(dying.source_link), 'one dead and an unknown hide nothing');
      for (let i = 0; i < 5; i++) await record(kept.source_link, 'unknown', t0 + i * 40 * MINUTE);
      await record(dying.source_link, 'dead', t0 + 10 * MINUTE + 40 * MINUTE);
      for (const path of paths) {
        const now = await links(path);
        assert.ok(!now.includes(dying.source_link), `${path} still serves a confirmed dead entry`);
        assert.ok(now.includes(kept.source_link), `${path} lost an entry whose checks were unknown`);
      }
      assert.equal((await ctx.app.inject('/api/contents/post')).json().data.total, 1);
      assert.notEqual((await ctx.app.inject('/api/contents/post/all')).headers.etag, etagBefore);
      assert.equal((await health.status(dying.source_link))?.hidden, true);
      assert.ok(!(await exported(false)).includes(dying.source_link));
      assert.ok((await exported(true)).includes(dying.source_link));

      // An import of the hidden link's entry keeps it hidden.
      await ctx.importEntries([{ ...dying, title: '失效测试甲 新标题' }]);
      assert.ok(!(await links(search)).includes(dying.source_link));

      await record(dying.source_link, 'alive', t0 + 200 * MINUTE);
      for (const path of paths) assert.ok((await links(path)).includes(dying.source_link), `${path} did not bring it back`);
      assert.equal((await ctx.app.inject('/api/contents/post')).json().data.total, 2);

      // Hidden again, then removed: removal of a hidden entry works and forgets its state.
      await record(dying.source_link, 'dead', t0 + 300 * MINUTE);
      await record(dying.source_link, 'dead', t0 + 400 * MINUTE);
      assert.ok(!(await links(search)).includes(dying.source_link));
      const report = await ctx.services.catalogue.store.removeEntries([dying.source_link]);
      assert.deepEqual(report.removed, [dying.source_link]);
      assert.equal(await health.status(dying.source_link), undefined);
    });

    test('two dead verdicts closer than the confirmation time do not hide', async () => {
      const link = entry({ source_link: 'https://pan.quark.cn/s/soon00001' });
      await ctx.importEntries([link]);
      const t0 = Date.parse('2026-02-01T00:00:00Z');
      await record(link.source_link, 'dead', t0);
      const next = await record(link.source_link, 'dead', t0 + 5 * MINUTE);
      assert.equal(next.hidden, false);
      assert.ok((await links('/api/contents?limit=100')).includes(link.source_link));
    });
  });
}
