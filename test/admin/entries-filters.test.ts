/**
 * The entries page's paging and filters through HTTP, on both stores (docs/console.md, "Entries"): a
 * keyword pages on past the first 50 with nothing listed twice; filters by type, by the link's provider,
 * by the Telegram channel that brought it in,
 * by the link's verdict and by hidden or not, each alone and with a keyword; links are clickable; an
 * action keeps the list it was made from; and a hidden entry is shown again from the links page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { recordSource } from '../../src/sources/entry-sources.js';
import { SourceStore } from '../../src/sources/source-store.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { externalEntries, HIDE_AT_ONCE, numberedEpisodes, recordVerdicts } from './seeded-verdicts.js';
import { addAccount, type Operator, signIn } from './support.js';

const quark = (id: string) => `https://pan.quark.cn/s/page${id}`;
const baidu = (id: string) => `https://pan.baidu.com/s/1page${id}`;

/** The links of the entry cards a page lists, in order. */
const listed = (html: string) => [...html.matchAll(/<li class="card[^"]*" data-link="([^"]+)"/g)].map((match) => match[1] as string);

for (const store of STORES) {
  describe(`console entries: paging and filters [${store}]`, () => {
    let ctx: TestContext;
    let mod: Operator;
    before(async () => {
      // The dead-rate ceiling is set aside: its own suite tests it, and here one of two quark verdicts is dead.
      ctx = await createTestContext(store, HIDE_AT_ONCE);
      await addAccount(ctx.services.database, 'pager', 'moderator');
      const rows = numberedEpisodes(60, '翻页剧', quark);
      const external = externalEntries(5, '外部翻页剧', baidu);
      await ctx.importEntries([...rows, ...external]);
      await recordVerdicts(ctx, { hidden: [quark('007')], alive: [quark('008')] });
      mod = await signIn(ctx.app, 'pager');
    });
    after(() => ctx.close());

    test('a keyword pages on past the first 50, nothing twice, with links to the next and previous page', async () => {
      const first = await mod.get(`/admin/entries?q=${encodeURIComponent('翻页剧')}`);
      assert.equal(first.statusCode, 200);
      assert.equal(listed(first.body).length, 50);
      assert.match(first.body, /data-total="65"/);
      const next = /<a class="button-link" rel="next" href="([^"]+)"/.exec(first.body)?.[1]?.replaceAll('&amp;', '&');
      assert.ok(next, 'a next page link');
      const second = await mod.get(next);
      assert.equal(listed(second.body).length, 15);
      assert.match(second.body, /rel="prev"/);
      assert.doesNotMatch(second.body, /rel="next"/);
      const all = [...listed(first.body), ...listed(second.body)];
      assert.equal(new Set(all).size, 65, 'every entry once, the hidden one included');
      assert.ok(all.includes(quark('007')));
      assert.match(
        first.body,
        new RegExp(`<a href="${quark('0')}[0-9]+" rel="noreferrer noopener" target="_blank">`),
        'links are clickable',
      );
    });

    test('filters: type, provider, verdict, hidden; alone and with a keyword', async () => {
      const ask = async (query: string) => listed((await mod.get(`/admin/entries?${query}`)).body);
      assert.deepEqual((await ask('type=extsrc')).sort(), [0, 1, 2, 3, 4].map((id) => baidu(String(id))).sort());
      assert.deepEqual((await ask('provider=baidu')).sort(), [0, 1, 2, 3, 4].map((id) => baidu(String(id))).sort());
      assert.equal((await ask('provider=quark&page=1')).length, 10);
      assert.deepEqual(await ask('verdict=dead'), [quark('007')]);
      assert.deepEqual(await ask('verdict=alive'), [quark('008')]);
      assert.equal((await ask(`verdict=unchecked&q=${encodeURIComponent('外部')}`)).length, 5);
      assert.deepEqual(await ask('hidden=only'), [quark('007')]);
      assert.ok(!(await ask(`hidden=none&q=${encodeURIComponent('翻页剧第8集')}`)).includes(quark('007')));
      assert.deepEqual(await ask(`hidden=only&q=${encodeURIComponent('翻页剧第8集')}`), [quark('007')]);
      assert.deepEqual(await ask(`type=extsrc&q=${encodeURIComponent('翻页剧第')}`), []);
      assert.equal((await ask('type=bogus&provider=nowhere&verdict=maybe')).length, 0, 'unknown values are no filter: nothing asked');
      const page = await mod.get('/admin/entries?type=extsrc&provider=baidu');
      assert.match(page.body, /<option value="extsrc" selected>/);
      assert.match(page.body, /<option value="baidu" selected>/);
    });

    test('source: the Telegram channel that brought a link in, or none of them', async () => {
      await new SourceStore(ctx.services.database).add(
        { name: 'paging_channel', kind: 'telegram', settings: { channel: 'paging_channel', type: 'post', backfill: 0 }, everyMinutes: 60 },
        new Date(),
      );
      // As a poll of that channel records the links it brings in (sources/telegram-source.ts).
      await recordSource(ctx.services.database, { kind: 'telegram', name: 'paging_channel' }, [quark('001'), quark('002')]);
      await recordSource(ctx.services.database, { kind: 'telegram', name: 'another_channel' }, [quark('003')]);
      const ask = async (query: string) => listed((await mod.get(`/admin/entries?${query}`)).body);
      assert.deepEqual((await ask('source=tg:paging_channel')).sort(), [quark('001'), quark('002')]);
      assert.deepEqual(await ask(`source=tg:paging_channel&q=${encodeURIComponent('翻页剧第2集')}`), [quark('001')]);
      assert.deepEqual(await ask('source=tg:another_channel'), [quark('003')]);
      assert.deepEqual((await ask('source=none&type=extsrc')).sort(), [0, 1, 2, 3, 4].map((id) => baidu(String(id))).sort());
      const none = await mod.get('/admin/entries?source=none');
      assert.match(none.body, /data-total="62"/, 'every entry but the three a channel brought in');
      assert.match(
        none.body,
        /<option data-stored value="tg:paging_channel">@paging_channel<\/option>/,
        'the registered channel is offered',
      );
      assert.match(none.body, /<option value="none" selected>/);
      assert.equal((await ask('source=tg:bad%20name')).length, 0, 'an unknown form is no filter: nothing asked');
    });

    test('an action answers with the list it was made from; the links page shows a hidden entry again', async () => {
      const list = 'provider=baidu&type=extsrc';
      const checked = await mod.post('/admin/links/check', { link: baidu('1'), list });
      assert.equal(checked.statusCode, 200);
      assert.equal(listed(checked.body).length, 5, 'the same filtered list');
      const links = await mod.get('/admin/links');
      assert.match(links.body, /action="\/admin\/entries\/show"[\s\S]*?name="link" value="https:\/\/pan\.quark\.cn\/s\/page007"/);
      const asked = await mod.post('/admin/entries/show', { link: quark('007'), list: 'hidden=only' });
      assert.equal(asked.statusCode, 303, 'POST/redirect/GET');
      const shown = await mod.get(String(asked.headers.location));
      assert.match(String(asked.headers.location), /hidden=only/, 'back to the list it was made from');
      assert.deepEqual(listed(shown.body), [], 'no hidden entry is left');
      const served = await ctx.app.inject({ url: `/api/search?keyword=${encodeURIComponent('翻页剧第8集')}` });
      assert.match(served.body, /page007/);
    });
  });
}
