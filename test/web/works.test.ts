// Works on the web page (inject level, both stores): one card per drama across drives, working links
// first, near-misses apart, exact work counts and pages, the drive filter (query, chips, cookie), a
// removed link leaving its card, the work page, and the API left as it was.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type CheckOutcome, outcomeOf } from '../../src/links/link-checker.js';
import { workKey } from '../../src/web/work-key.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { browse, listedTitles } from './support.js';

const outcome = (verdict: CheckOutcome['verdict']): CheckOutcome => outcomeOf(verdict, 'quark', { row: 'test' });
const cards = (html: string) => [...html.matchAll(/<li class="entry work">([\s\S]*?)<\/ul>\s*<\/li>/g)].map((match) => match[1] ?? '');
const linksOf = (card: string) => [...card.matchAll(/<p class="link"><code>(.*?)<\/code>/g)].map((match) => match[1]);

test('work keys: suffixes and formats set aside, folding applied, sequels and prefixes kept apart', () => {
  const same = [
    '霸道總裁愛上我（81集）',
    '霸道总裁爱上我 全集',
    '霸道总裁爱上我【完结】',
    '霸道总裁爱上我 4K',
    '霸道总裁爱上我 1080P',
    '霸道总裁 爱上我',
  ];
  for (const title of same) assert.equal(workKey(title), '霸道总裁爱上我', title);
  assert.equal(workKey('ＡＢＣ 剧'), workKey('abc剧(34集)'));
  const apart = ['狂飙', '狂飙2', '狂飙 第二季', '重生之我是大明星', '重生之嫡女归来'];
  assert.equal(new Set(apart.map(workKey)).size, apart.length);
});

for (const store of STORES) {
  describe(`web page works [${store}]`, () => {
    let ctx: TestContext;
    const quark = entry({
      title: '闪婚老公是首富（81集）',
      update_time: '2024-03-01 08:00:00',
      source_link: 'https://pan.quark.cn/s/shan0001',
    });
    const baidu = entry({
      title: '閃婚老公是首富 全集',
      update_time: '2024-03-03 08:00:00',
      source_link: 'https://pan.baidu.com/s/1shan0002',
    });
    const uc = entry({ title: '闪婚老公是首富 1080P', update_time: '2024-03-02 08:00:00', source_link: 'https://drive.uc.cn/s/shan0003' });
    before(async () => {
      ctx = await createTestContext(store, { LINK_CHECK: 'on' });
      await ctx.importEntries([
        quark,
        baidu,
        uc,
        entry({ title: '闪婚老公是首富2', update_time: '2024-02-01 08:00:00', source_link: 'https://pan.quark.cn/s/shan2001' }),
        entry({ title: '闪婚老公是首富 第二季', update_time: '2024-02-02 08:00:00', source_link: 'https://pan.quark.cn/s/shan2002' }),
        entry({ title: '闪婚老公是首富', type: 'tv', update_time: '2024-02-03 08:00:00', source_link: 'https://pan.quark.cn/s/shantv01' }),
        entry({ title: '重生之我是首富', update_time: '2024-01-01 08:00:00', source_link: 'https://pan.quark.cn/s/cs000001' }),
        entry({ title: '重生之首富归来', update_time: '2024-01-02 08:00:00', source_link: 'https://pan.quark.cn/s/cs000002' }),
        ...Array.from({ length: 23 }, (_, i) =>
          entry({
            title: `首富日记${i}`,
            update_time: `2023-12-${String(i + 1).padStart(2, '0')} 08:00:00`,
            source_link: `https://pan.quark.cn/s/day${i}`,
          }),
        ),
      ]);
      // The Quark link works; Baidu's may be gone: Quark's comes first though Baidu's is newer.
      await ctx.services.links.health.record(quark.source_link, outcome('alive'), new Date('2026-03-04T02:00:00Z'));
      await ctx.services.links.health.record(
        baidu.source_link,
        outcomeOf('dead', 'baidu', { row: 'test' }),
        new Date('2026-03-04T02:00:00Z'),
      );
    });
    after(() => ctx.close());

    test('a search finding one work on three drives shows one card, the working link first', async () => {
      const body = (await browse(ctx.app, `/search?keyword=${encodeURIComponent('闪婚老公是首富')}&type=post`)).body;
      const titles = listedTitles(body);
      assert.equal(titles.filter((title) => /首富(（81集）| 全集| 1080P)$/.test(title)).length, 1, titles.join('|'));
      const [card] = cards(body).filter((html) => html.includes('shan0001'));
      assert.ok(card);
      assert.deepEqual(linksOf(card), [quark.source_link, uc.source_link, baidu.source_link]);
      assert.match(card, /81 集/);
      assert.match(card, /3 个链接/);
      assert.match(card, /2024-03-03 08:00:00/);
      // The home page lists works too: one card, its links by drive, the working one first.
      const home = (await browse(ctx.app, '/')).body;
      const homeCards = cards(home).filter((html) => html.includes('shan0001'));
      assert.equal(homeCards.length, 1);
      assert.deepEqual(linksOf(homeCards[0] ?? ''), [quark.source_link, uc.source_link, baidu.source_link]);
      assert.match(home, /id="latest-post"[^<]*<small>共 28 部<\/small>/);
      // Near-misses stay apart: the sequels are cards of their own, and so is the same title in tv.
      assert.equal(titles.length, 3, titles.join('|'));
      const all = listedTitles((await browse(ctx.app, `/search?keyword=${encodeURIComponent('闪婚老公是首富')}`)).body);
      assert.equal(all.length, 4, all.join('|'));
      const rebirth = listedTitles((await browse(ctx.app, `/search?keyword=${encodeURIComponent('重生之')}`)).body);
      assert.deepEqual(rebirth.sort(), ['重生之我是首富', '重生之首富归来']);
    });

    test('counts and pages count works', async () => {
      const first = (await browse(ctx.app, '/types/post')).body;
      // 3 + 2 sequels + 2 rebirths + 23 diaries = 30 entries, 28 works.
      assert.match(first, /共 28 部/);
      assert.equal(listedTitles(first).length, 20);
      const second = (await browse(ctx.app, '/types/post?page=2')).body;
      assert.equal(listedTitles(second).length, 8);
      assert.equal(new Set([...listedTitles(first), ...listedTitles(second)]).size, 28);
    });

    test('the drive filter narrows results and counts, from the query, the chips and the cookie', async () => {
      const keyword = encodeURIComponent('闪婚老公是首富');
      const response = await browse(ctx.app, `/search?keyword=${keyword}&drive=baidu,uc`);
      assert.match(response.body, /共 1 条结果|1 条结果/);
      const [card] = cards(response.body);
      assert.deepEqual(linksOf(card ?? ''), [uc.source_link, baidu.source_link]);
      const cookie = String(response.headers['set-cookie']);
      assert.match(cookie, /^drives=baidu%2Cuc; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax/);
      assert.match(response.body, /<input type="checkbox" name="drive" value="baidu" checked>/);
      // Remembered: the type page without a query is filtered too.
      const remembered = (await browse(ctx.app, '/types/post', { cookie: 'drives=baidu%2Cuc' })).body;
      assert.match(remembered, /共 1 部/);
      // The chips' form: repeated names, and an empty `drive=` clears the choice and the cookie.
      const chips = await browse(ctx.app, '/types/post?drive=&drive=quark', { cookie: 'drives=baidu' });
      assert.match(chips.body, /共 28 部/);
      const cleared = await browse(ctx.app, '/types/tv?drive=', { cookie: 'drives=baidu' });
      assert.match(String(cleared.headers['set-cookie']), /^drives=; Max-Age=0/);
      assert.match(cleared.body, /共 1 部/);
      // Pages keep the query's drives.
      assert.match((await browse(ctx.app, '/types/post?drive=quark')).body, /href="\/types\/post\?drive=quark&amp;page=2"/);
    });

    test('the work page lists every link whatever the filter; a removed link leaves its card', async () => {
      const search = (await browse(ctx.app, `/search?keyword=${encodeURIComponent('闪婚老公是首富')}&type=post`)).body;
      const href = /<a href="(\/works\/post-[0-9a-f]{16})">/.exec(cards(search).find((card) => card.includes('shan0001')) ?? '')?.[1];
      assert.ok(href);
      const page = await browse(ctx.app, href, { cookie: 'drives=uc' });
      assert.equal(page.statusCode, 200);
      for (const link of [quark, baidu, uc]) assert.ok(page.body.includes(link.source_link), link.source_link);
      assert.equal((await browse(ctx.app, '/works/post-0000000000000000')).statusCode, 404);
      await ctx.services.catalogue.store.removeEntries([uc.source_link]);
      await ctx.services.catalogue.refresh();
      const after = (await browse(ctx.app, href)).body;
      assert.ok(!after.includes(uc.source_link));
      assert.ok(after.includes(quark.source_link));
      const again = (await browse(ctx.app, `/search?keyword=${encodeURIComponent('闪婚老公是首富')}&type=post`)).body;
      assert.ok(!again.includes(uc.source_link));
    });

    test('grouping is a view: the API still lists every entry', async () => {
      const api = await ctx.app.inject({ method: 'GET', url: '/api/contents/post?page=1&limit=100' });
      // 30 entries less the one removed above, every one its own item.
      assert.equal(api.json().data.total, 29);
    });

    test("a search's pages come from one grouping, regrouped when the catalogue changes", async () => {
      const search = (page: number) => `/search?keyword=${encodeURIComponent('首富')}&page=${page}`;
      // The 29 entries left all hold 首富: 28 post works and one tv work.
      const first = (await browse(ctx.app, search(1))).body;
      assert.match(first, /共 29 条结果/);
      const second = (await browse(ctx.app, search(2))).body;
      assert.equal(listedTitles(first).length, 20);
      assert.equal(new Set([...listedTitles(first), ...listedTitles(second)]).size, 29);
      // A new work and a new link of a known one: one more work, and the known work's card shows its link.
      await ctx.importEntries([
        entry({ title: '首富新传', update_time: '2024-04-01 08:00:00', source_link: 'https://pan.quark.cn/s/newshoufu' }),
        entry({ title: '首富日记3 全集', update_time: '2024-04-02 08:00:00', source_link: 'https://drive.uc.cn/s/diary3uc' }),
      ]);
      const changed = (await browse(ctx.app, search(1))).body;
      assert.match(changed, /共 30 条结果/);
      assert.ok(listedTitles(changed).includes('首富新传'));
      assert.ok(changed.includes('https://drive.uc.cn/s/diary3uc'));
    });
  });
}
