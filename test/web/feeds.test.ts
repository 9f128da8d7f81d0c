// The feeds (inject level, both stores): RSS 2.0 and Atom 1.0 parsed with a real XML parser, their items,
// the drive and keyword filters, removed entries left out, 304s, and that a reader polling every five
// minutes is never refused and never spends the API's budget.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { zonedTimes } from '../../src/web/feed-items.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['item', 'entry', 'category'].includes(name),
});
const XSS = '<b>&"粗体\u0001</b>';

function parse(body: string) {
  assert.equal(XMLValidator.validate(body), true);
  return parser.parse(body);
}

test('catalogue times carry their zone offset', () => {
  assert.deepEqual(zonedTimes('2024-03-01 08:00:00', 'Asia/Shanghai'), {
    rfc822: 'Fri, 01 Mar 2024 08:00:00 +0800',
    rfc3339: '2024-03-01T08:00:00+08:00',
    instant: Date.UTC(2024, 2, 1, 0),
  });
  assert.equal(zonedTimes('2024-07-01 08:00:00', 'Europe/Berlin').rfc3339, '2024-07-01T08:00:00+02:00');
});

for (const store of STORES) {
  describe(`feeds [${store}]`, () => {
    let ctx: TestContext;
    const quark = entry({
      title: '闪婚老公是首富（81集）',
      update_time: '2024-03-01 08:00:00',
      source_link: 'https://pan.quark.cn/s/feed0001',
    });
    const baidu = entry({
      title: '闪婚老公是首富 全集',
      update_time: '2024-03-03 08:00:00',
      source_link: 'https://pan.baidu.com/s/1feed0002',
    });
    const tv = entry({ title: XSS, type: 'tv', update_time: '2024-03-02 08:00:00', source_link: 'https://pan.quark.cn/s/feed0003' });
    before(async () => {
      ctx = await createTestContext(store, { RATE_LIMITS: 'on', CATALOGUE_TZ: 'Asia/Shanghai' });
      await ctx.importEntries([quark, baidu, tv]);
    });
    after(() => ctx.close());
    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.9' });

    test('RSS and Atom of the newest entries: one item per entry, escaped, with link, guid, time, type and drive', async () => {
      const rss = await get('/feeds/latest.xml');
      assert.equal(rss.statusCode, 200);
      assert.match(rss.headers['content-type'] as string, /^application\/rss\+xml/);
      const channel = parse(rss.body).rss.channel;
      assert.deepEqual(
        channel.item.map((item: { link: string }) => item.link),
        [baidu.source_link, tv.source_link, quark.source_link],
      );
      const first = channel.item[0];
      assert.equal(first.title, baidu.title);
      assert.equal(first.pubDate, 'Sun, 03 Mar 2024 08:00:00 +0800');
      assert.match(first.guid['#text'], /^urn:dramadex:[0-9a-f]{32}$/);
      assert.deepEqual(
        first.category.map((category: { '#text': string }) => category['#text']),
        ['post', 'baidu'],
      );
      assert.equal(channel.item[1].title, '<b>&"粗体</b>');
      const atom = await get('/feeds/latest.atom');
      assert.match(atom.headers['content-type'] as string, /^application\/atom\+xml/);
      const feed = parse(atom.body).feed;
      assert.equal(feed.entry.length, 3);
      assert.equal(feed.entry[0].updated, '2024-03-03T08:00:00+08:00');
      assert.equal(feed.entry[0].link['@href'], baidu.source_link);
      assert.equal(feed.entry[0].id, first.guid['#text']);
    });

    test('per type, per keyword and per drive; a removed entry leaves', async () => {
      const tvFeed = parse((await get('/feeds/tv.xml')).body).rss.channel;
      assert.deepEqual(
        tvFeed.item.map((item: { link: string }) => item.link),
        [tv.source_link],
      );
      const searched = parse((await get(`/feeds/search.atom?keyword=${encodeURIComponent('首富')}&drive=quark`)).body).feed;
      assert.deepEqual(
        searched.entry.map((item: { link: { '@href': string } }) => item.link['@href']),
        [quark.source_link],
      );
      assert.equal((await get('/feeds/search.xml')).statusCode, 400);
      assert.equal((await get('/feeds/nothing.xml')).statusCode, 404);
      await ctx.services.catalogue.store.removeEntries([baidu.source_link]);
      await ctx.services.catalogue.refresh();
      assert.ok(!(await get('/feeds/latest.xml')).body.includes(baidu.source_link));
    });

    test('304 on If-None-Match and If-Modified-Since; a five-minute poller is never refused and leaves the API budget alone', async () => {
      const first = await get('/feeds/post.xml');
      const etag = first.headers.etag as string;
      assert.ok(etag);
      assert.equal((await get('/feeds/post.xml', { 'if-none-match': etag })).statusCode, 304);
      assert.equal((await get('/feeds/post.xml', { 'if-modified-since': first.headers['last-modified'] as string })).statusCode, 304);
      for (let poll = 0; poll < 30; poll++) assert.notEqual((await get('/feeds/post.xml', { 'if-none-match': etag })).statusCode, 429);
      // The API's one-request-per-3-seconds budget is untouched by the feeds above.
      assert.equal((await get('/api/contents/post')).statusCode, 200);
    });

    test('pages link their feeds', async () => {
      const page = await ctx.app.inject({ method: 'GET', url: '/types/tv', headers: { accept: 'text/html' } });
      assert.match(page.body, /<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="\/feeds\/tv.xml">/);
      assert.match(page.body, /<a class="feed" href="\/feeds\/tv.atom">Atom<\/a>/);
    });
  });
}
