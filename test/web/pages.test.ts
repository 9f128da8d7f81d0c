// The web page as a browser receives it (inject level, both stores): what each page lists, escaping,
// the security headers, HTML or envelope errors, the language, and the WEB / WEB_RANKINGS switches.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { browse, fillBoards, listedTitles } from './support.js';

const XSS = '<img src=x onerror=alert(1)>';

for (const store of STORES) {
  describe(`web page [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      const older = Array.from({ length: 24 }, (_, i) =>
        entry({
          title: `霸道总裁第${i}部`,
          update_time: `2024-01-${String(i + 1).padStart(2, '0')} 08:00:00`,
          source_link: `https://pan.quark.cn/s/q${i}`,
        }),
      );
      await ctx.importEntries([
        ...older,
        entry({ title: XSS, update_time: '2024-02-01 09:00:00', source_link: 'https://pan.baidu.com/s/1"onmouseover="x' }),
        entry({ title: '總裁的逆襲', type: 'tv', update_time: '2024-02-02 09:00:00', source_link: 'https://www.alipan.com/s/t1' }),
      ]);
      await fillBoards(ctx);
    });
    after(() => ctx.close());

    test('a hostile title and link are shown as text, never as markup', async () => {
      const response = await browse(ctx.app, '/types/post');
      assert.equal(response.statusCode, 200);
      assert.ok(!response.body.includes(XSS));
      assert.ok(response.body.includes('&lt;img src=x onerror=alert(1)&gt;'));
      assert.ok(!response.body.includes('"onmouseover="'));
      assert.ok(response.body.includes('href="https://pan.baidu.com/s/1&quot;onmouseover=&quot;x"'));
      assert.ok(listedTitles(response.body).includes(XSS));
    });

    test('pages carry a strict CSP and hold no inline script or style', async () => {
      for (const url of ['/', '/today', '/types/tv', '/search?keyword=总裁', '/boards/hot-dramas', '/use-the-api']) {
        const response = await browse(ctx.app, encodeURI(url));
        assert.equal(response.statusCode, 200, url);
        assert.match(response.headers['content-type'] as string, /^text\/html; charset=utf-8/);
        const csp = response.headers['content-security-policy'] as string;
        assert.match(csp, /default-src 'none'/);
        assert.match(csp, /script-src 'self'(;|$)/);
        assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
        assert.doesNotMatch(response.body, /<script(?![^>]*\ssrc=)[^>]*>/, `${url} has an inline script`);
        assert.doesNotMatch(response.body, /\sstyle=|<style/, `${url} has an inline style`);
        assert.doesNotMatch(response.body, /<[^>]*\son[a-z]+=/, `${url} has an inline handler`);
      }
    });

    test('entries show type, time, provider, an open link with safe rel, and a copy button', async () => {
      const body = (await browse(ctx.app, '/types/tv')).body;
      assert.deepEqual(listedTitles(body), ['總裁的逆襲']);
      assert.match(body, /<span class="type type-tv">电视剧<\/span>/);
      assert.match(body, /<span class="provider">阿里云盘<\/span>/);
      assert.match(body, /datetime="2024-02-02T09:00:00">2024-02-02 09:00:00</);
      assert.match(
        body,
        /<a class="button open" href="https:\/\/www.alipan.com\/s\/t1" target="_blank" rel="noopener noreferrer nofollow">/,
      );
      assert.match(body, /<p class="link"><code>https:\/\/www.alipan.com\/s\/t1<\/code><\/p>/);
      assert.match(
        body,
        /<button type="button" class="button copy" hidden>复制链接<span class="visually-hidden"> 總裁的逆襲<\/span><\/button>/,
      );
    });

    test('a type page pages by 20, newest first, as the API lists it', async () => {
      const first = await browse(ctx.app, '/types/post');
      const second = await browse(ctx.app, '/types/post?page=2');
      const api = (await ctx.app.inject('/api/contents/post?limit=100')).json().data.items.map((item: { title: string }) => item.title);
      assert.deepEqual([...listedTitles(first.body), ...listedTitles(second.body)], api);
      assert.equal(listedTitles(first.body).length, 20);
      assert.match(first.body, /rel="next" href="\/types\/post\?page=2"/);
      assert.match(second.body, /rel="prev" href="\/types\/post"/);
      assert.match(second.body, /第 2 \/ 2 页/);
    });

    test('search lists in the API relevance order and marks the match, folded forms included', async () => {
      const page = await browse(ctx.app, `/search?keyword=${encodeURIComponent('总裁')}`);
      const api = (await ctx.app.inject(`/api/search?keyword=${encodeURIComponent('总裁')}&limit=20`)).json().data;
      assert.deepEqual(
        listedTitles(page.body),
        api.items.map((item: { title: string }) => item.title),
      );
      assert.match(page.body, new RegExp(`“总裁”共 ${api.total} 条结果`));
      assert.match(page.body, /霸道<mark>总裁<\/mark>第23部/);
      // Traditional characters match a simplified keyword (a looser tier, so after every literal match).
      const folded = await browse(ctx.app, `/search?keyword=${encodeURIComponent('总裁的')}`);
      assert.match(folded.body, /<mark>總裁的<\/mark>逆襲/);
      const typed = await browse(ctx.app, `/search?keyword=${encodeURIComponent('总裁')}&type=tv`);
      assert.deepEqual(listedTitles(typed.body), ['總裁的逆襲']);
      assert.match(typed.body, /<option value="tv" selected>/);
    });

    test('the page searches what the API would refuse and says so; the API keeps its rule; no keyword shows the form', async () => {
      const typed = '霸道总裁 (第23部)';
      const page = await browse(ctx.app, `/search?keyword=${encodeURIComponent(typed)}`);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /“霸道总裁 \(第23部\)”中的括号、引号等符号不能用于搜索，已改为搜索“霸道总裁 第23部”。/);
      assert.match(page.body, /value="霸道总裁 第23部"/);
      assert.ok(listedTitles(page.body).includes('霸道总裁第23部'));
      const api = await ctx.app.inject({ url: `/api/search?keyword=${encodeURIComponent(typed)}` });
      assert.equal(api.statusCode, 400, 'the API keeps its rule');
      const symbols = await browse(ctx.app, `/search?keyword=${encodeURIComponent('()<>')}`);
      assert.equal(symbols.statusCode, 400);
      assert.match(symbols.body, /role="alert">关键词里只有不能用于搜索的符号/);
      const empty = await browse(ctx.app, '/search');
      assert.equal(empty.statusCode, 200);
      assert.equal(listedTitles(empty.body).length, 0);
    });

    test('a search that finds nothing offers every type, a shorter keyword and pinyin', async () => {
      const none = await browse(ctx.app, `/search?keyword=${encodeURIComponent('总裁没有这部片')}&type=movie`);
      assert.equal(none.statusCode, 200);
      assert.match(none.body, /没有找到匹配的资源。/);
      assert.match(
        none.body,
        /<a href="\/search\?keyword=%E6%80%BB%E8%A3%81%E6%B2%A1%E6%9C%89%E8%BF%99%E9%83%A8%E7%89%87">在全部类型中搜索<\/a>/,
      );
      assert.match(
        none.body,
        /<a href="\/search\?keyword=%E6%80%BB%E8%A3%81%E6%B2%A1%E6%9C%89&amp;type=movie">更短的关键词“总裁没有”<\/a>/,
      );
      assert.match(none.body, /拼音全拼或首字母/);
      const found = await browse(ctx.app, `/search?keyword=${encodeURIComponent('总裁')}`);
      assert.doesNotMatch(found.body, /可以试试/);
    });

    test('home shows today, each type and the top of the boards, escaped', async () => {
      const body = (await browse(ctx.app, '/')).body;
      assert.match(body, /今日更新/);
      assert.match(body, /id="latest-post"/);
      assert.match(body, /id="latest-tv"/);
      assert.match(body, /<a href="\/boards\/hot-dramas">热门短剧<\/a>/);
      assert.match(body, /&lt;b&gt;加粗&lt;\/b&gt;的榜单/);
      const board = (await browse(ctx.app, '/boards/actors')).body;
      assert.match(board, /<a href="\/search\?keyword=%E6%9E%97%E5%A9%89%E6%B8%85" [^>]*>林婉清<\/a>/, 'a board name opens our own search');
      const dramas = (await browse(ctx.app, '/boards/hot-dramas')).body;
      assert.match(dramas, /<a class="rank-source" href="https:\/\/search\.example\.com\/\?q=1" [^>]*rel="noopener noreferrer nofollow"/);
      assert.equal((await browse(ctx.app, '/boards/nope')).statusCode, 404);
    });

    test('an unknown page is an HTML 404 for a browser and the envelope otherwise; /api/ keeps the envelope', async () => {
      const page = await browse(ctx.app, '/no-such-page');
      assert.equal(page.statusCode, 404);
      assert.match(page.headers['content-type'] as string, /text\/html/);
      assert.match(page.body, /页面不存在/);
      assert.ok(page.headers['content-security-policy']);
      const json = await ctx.app.inject('/no-such-page');
      assert.equal(json.statusCode, 404);
      assert.equal(json.json().error_code, 'RESOURCE_NOT_FOUND');
      const api = await browse(ctx.app, '/api/no-such-thing');
      assert.equal(api.json().error_code, 'RESOURCE_NOT_FOUND');
      const badPage = await browse(ctx.app, '/types/post?page=0');
      assert.equal(badPage.statusCode, 400);
      assert.match(badPage.body, /参数 page 无效/);
    });

    test('English by Accept-Language or by the switch, which is remembered in a cookie', async () => {
      assert.match((await browse(ctx.app, '/', { 'accept-language': 'en-US,en;q=0.9' })).body, /<html lang="en">/);
      assert.match((await browse(ctx.app, '/', { 'accept-language': 'zh-CN,en;q=0.5' })).body, /<html lang="zh-CN">/);
      const switched = await browse(ctx.app, `/language/en?next=${encodeURIComponent('/types/tv?page=1')}`);
      assert.equal(switched.statusCode, 303);
      assert.equal(switched.headers.location, '/types/tv?page=1');
      const cookie = switched.headers['set-cookie'] as string;
      assert.match(cookie, /^lang=en; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
      const page = await browse(ctx.app, '/types/tv', { cookie: 'lang=en', 'accept-language': 'zh-CN' });
      assert.match(page.body, /<html lang="en">/);
      assert.match(page.body, />Series</);
      for (const next of ['//evil.example/', '/\\evil.example', 'https://evil.example/']) {
        assert.equal((await browse(ctx.app, `/language/zh?next=${encodeURIComponent(next)}`)).headers.location, '/');
      }
    });

    test('assets are fingerprinted and immutable; an unknown asset is a 404', async () => {
      const home = (await browse(ctx.app, '/')).body;
      const css = /href="(\/assets\/site\.[0-9a-f]{12}\.css)"/.exec(home)?.[1] as string;
      const js = /src="(\/assets\/site\.[0-9a-f]{12}\.js)"/.exec(home)?.[1] as string;
      for (const url of [css, js]) {
        const response = await browse(ctx.app, url);
        assert.equal(response.statusCode, 200, url);
        assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable');
        const again = await browse(ctx.app, url, { 'if-none-match': response.headers.etag as string });
        assert.equal(again.statusCode, 304);
      }
      assert.equal((await browse(ctx.app, '/assets/site.000000000000.css')).statusCode, 404);
    });
  });
}

describe('an empty catalogue', () => {
  for (const store of STORES) {
    test(`the home page says there is nothing yet once, and only the types that hold entries get a section [${store}]`, async () => {
      const ctx = await createTestContext(store);
      try {
        const empty = (await browse(ctx.app, '/')).body;
        assert.equal(empty.split('目录里还没有内容').length - 1, 1);
        assert.doesNotMatch(
          empty,
          /这里还没有内容|今天还没有更新|dramadex import/,
          'no section repeats it, and no operator hint on a public page',
        );
        await ctx.importEntries([entry({ type: 'movie', title: '唯一的电影' })]);
        const one = (await browse(ctx.app, '/')).body;
        assert.doesNotMatch(one, /目录里还没有内容/);
        assert.match(one, /id="latest-movie"/);
        assert.doesNotMatch(one, /id="latest-post"/);
      } finally {
        await ctx.close();
      }
    });
  }
});

describe('the WEB and WEB_RANKINGS switches', () => {
  test('WEB=off: every path is the API, the page paths are 404 envelopes', async () => {
    const ctx = await createTestContext('sqlite', { WEB: 'off' });
    try {
      assert.ok(!(await ctx.app.inject('/api/status')).json().data.features.includes('web-page'));
      for (const url of ['/', '/types/post', '/search?keyword=a']) {
        const response = await browse(ctx.app, url);
        assert.equal(response.statusCode, 404, url);
        assert.equal(response.json().error_code, 'RESOURCE_NOT_FOUND');
      }
    } finally {
      await ctx.close();
    }
  });

  test('WEB_RANKINGS=off: no boards on the home page or the navigation, no board pages', async () => {
    const ctx = await createTestContext('sqlite', { WEB_RANKINGS: 'off' });
    try {
      await fillBoards(ctx);
      const home = (await browse(ctx.app, '/')).body;
      assert.doesNotMatch(home, /\/boards\//);
      assert.doesNotMatch(home, /排行榜/);
      assert.equal((await browse(ctx.app, '/boards/hot-dramas')).statusCode, 404);
      const features = (await ctx.app.inject('/api/status')).json().data.features;
      assert.ok(features.includes('web-page') && !features.includes('web-rankings'));
    } finally {
      await ctx.close();
    }
  });
});
