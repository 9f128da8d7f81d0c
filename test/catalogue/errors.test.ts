import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';

function assertErrorEnvelope(body: Record<string, unknown>, code: string): void {
  assert.equal(body.success, false);
  assert.equal(body.error_code, code);
  for (const field of ['message', 'error', 'suggestion']) {
    assert.equal(typeof body[field], 'string', field);
    assert.ok((body[field] as string).length > 0, field);
  }
}

for (const store of STORES) {
  describe(`bad input and unknown paths [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
    });
    after(() => ctx.close());

    const badPaging: Array<[string, string]> = [
      ['page=0', 'page'],
      ['page=1001', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page=1e2', 'page'],
      ['page=Infinity', 'page'],
      ['page=NaN', 'page'],
      ['page=', 'page'],
      ['page', 'page'],
      ['page=%201', 'page'],
      ['page=0x10', 'page'],
      ['page=1&page=2', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=', 'limit'],
      ['limit=5&limit=5', 'limit'],
      ['limit=99999999999999999999', 'limit'],
    ];
    for (const [query, parameter] of badPaging) {
      test(`?${query} is 400 naming ${parameter} and its range`, async () => {
        for (const path of ['/api/contents', '/api/contents/post', '/api/search?keyword=a&']) {
          const url = path.includes('?') ? `${path}${query}` : `${path}?${query}`;
          const response = await ctx.app.inject(url);
          assert.equal(response.statusCode, 400, url);
          const body = response.json();
          assertErrorEnvelope(body, 'BAD_REQUEST');
          assert.match(body.error, new RegExp(`参数 ${parameter}`), url);
          assert.match(body.error, parameter === 'page' ? /1 到 1000/ : /1 到 100/, url);
        }
      });
    }

    test("each message says what is wrong in the language asked, without the validator's English", async () => {
      const cases: Array<[string, string, string]> = [
        [
          '/api/contents?page=-1',
          '参数 page 无效：-1 超出范围；应为1 到 1000 之间的整数',
          'Parameter page is invalid: -1 is out of range; expected an integer from 1 to 1000',
        ],
        [
          '/api/contents?page=1.5',
          '参数 page 无效："1.5" 不是整数；应为1 到 1000 之间的整数',
          'Parameter page is invalid: "1.5" is not an integer; expected an integer from 1 to 1000',
        ],
        [
          '/api/contents?page=1&page=2',
          '参数 page 无效：参数重复；应为1 到 1000 之间的整数',
          'Parameter page is invalid: given more than once; expected an integer from 1 to 1000',
        ],
        [
          '/api/contents/post?limit=5&limit=6',
          '参数 limit 无效：参数重复；应为1 到 100 之间的整数',
          'Parameter limit is invalid: given more than once; expected an integer from 1 to 100',
        ],
        [
          '/api/search?keyword=a&keyword=b',
          '参数 keyword 无效：参数重复；应为',
          'Parameter keyword is invalid: given more than once; expected',
        ],
        ['/api/search', '参数 keyword 无效：缺少该参数；应为', 'Parameter keyword is invalid: it is required; expected'],
      ];
      for (const [url, zh, en] of cases) {
        const chinese = (await ctx.app.inject(url)).json().error as string;
        assert.ok(chinese.startsWith(zh), `${url}: ${chinese}`);
        assert.doesNotMatch(chinese, /must|should|property/, `${url}: no validator English`);
        const english = (await ctx.app.inject({ url, headers: { 'accept-language': 'en' } })).json().error as string;
        assert.ok(english.startsWith(en), `${url}: ${english}`);
      }
    });

    test('page 1000 and limit 100 are the inclusive maxima', async () => {
      const body = (await ctx.app.inject('/api/contents?page=1000&limit=100')).json();
      assert.equal(body.data.page, 1000);
      assert.equal(body.data.limit, 100);
    });

    const badKeywords = ['', '   ', 'a'.repeat(101), '<script>', 'a&b', 'x;y', '(a)', '{a}', '[a]', `it's`, '"q"', '＜全角＞', '\u3000'];
    for (const keyword of badKeywords) {
      test(`keyword ${JSON.stringify(keyword.slice(0, 12))} is 400 on search and on the type filter`, async () => {
        for (const path of ['/api/search', '/api/contents/post']) {
          const response = await ctx.app.inject(`${path}?keyword=${encodeURIComponent(keyword)}`);
          assert.equal(response.statusCode, 400, path);
          const body = response.json();
          assertErrorEnvelope(body, 'BAD_REQUEST');
          assert.match(body.error, /keyword/);
        }
      });
    }

    test('a keyword of exactly 100 characters (Chinese counted as one each) is accepted', async () => {
      const response = await ctx.app.inject(`/api/search?keyword=${encodeURIComponent('剧'.repeat(100))}`);
      assert.equal(response.statusCode, 200);
    });

    test('a keyword is counted in code points: 100 emoji (200 UTF-16 units) pass, 101 do not', async () => {
      const at100 = await ctx.app.inject(`/api/search?keyword=${encodeURIComponent('😀'.repeat(100))}`);
      assert.equal(at100.statusCode, 200);
      const at101 = await ctx.app.inject(`/api/search?keyword=${encodeURIComponent('😀'.repeat(101))}`);
      assert.equal(at101.statusCode, 400);
      assert.match(at101.json().error, /keyword/);
    });

    test('search without keyword, or with it twice, is 400', async () => {
      for (const url of ['/api/search', '/api/search?content_type=post', '/api/search?keyword=a&keyword=b']) {
        const response = await ctx.app.inject(url);
        assert.equal(response.statusCode, 400, url);
        assert.match(response.json().error, /keyword/);
      }
    });

    test('unknown paths are 404 RESOURCE_NOT_FOUND in the envelope', async () => {
      // `/` is the web page (test/web/); with WEB=off it is a 404 envelope too (test/web/pages.test.ts).
      for (const url of ['/api', '/api/content', '/api/contents/post/all/x', '/favicon.ico', '/api/drama-actors']) {
        const response = await ctx.app.inject(url);
        assert.equal(response.statusCode, 404, url);
        assertErrorEnvelope(response.json(), 'RESOURCE_NOT_FOUND');
      }
    });

    test('methods other than GET/HEAD are 404 in the envelope', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
        const response = await ctx.app.inject({ method, url: '/api/contents', payload: method === 'POST' ? '{}' : undefined });
        assert.equal(response.statusCode, 404, method);
        assertErrorEnvelope(response.json(), 'RESOURCE_NOT_FOUND');
      }
      const head = await ctx.app.inject({ method: 'HEAD', url: '/api/types' });
      assert.equal(head.statusCode, 200);
    });

    test('errors speak English when Accept-Language prefers it, Chinese otherwise', async () => {
      const english = (
        await ctx.app.inject({ url: '/api/contents?page=0', headers: { 'accept-language': 'en-US,en;q=0.9,zh;q=0.5' } })
      ).json();
      assert.equal(english.message, 'Invalid request parameter');
      assert.match(english.error, /Parameter page/);
      const chinese = (await ctx.app.inject({ url: '/api/contents?page=0', headers: { 'accept-language': 'zh-CN,en;q=0.5' } })).json();
      assert.equal(chinese.message, '参数错误');
      const ok = (await ctx.app.inject({ url: '/api/types', headers: { 'accept-language': 'en' } })).json();
      assert.equal(ok.message, 'Fetched successfully');
    });

    test('LANGUAGE=en makes English the default', async () => {
      const english = await createTestContext(store, { LANGUAGE: 'en' });
      try {
        const body = (await english.app.inject('/api/nowhere')).json();
        assert.equal(body.message, 'Resource not found');
      } finally {
        await english.close();
      }
    });
  });
}
