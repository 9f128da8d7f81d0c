/**
 * `{base}/api/search` row by row (docs/pansou.md), through HTTP on both stores: the catalogue's own
 * search in PanSou's shapes, every request field's rule, and PanSou's error envelope.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { TakedownStore } from '../../src/catalogue/takedowns.js';
import { driveLink } from '../../src/pansou/drive-types.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { BASE, ENTRIES, get, type SearchBodyShape, search } from './support.js';

/** The catalogue's order: newest first (an object's integer-like keys, `115` and `123`, enumerate first). */
const ORDER = Object.values(ENTRIES)
  .sort((a, b) => b.update_time.localeCompare(a.update_time))
  .map((entry) => entry.source_link);

for (const store of STORES) {
  describe(`PanSou search [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store);
      await ctx.importEntries(Object.values(ENTRIES));
    });
    after(() => ctx.close());

    const body = async (request: Promise<{ statusCode: number; body: string }>) => {
      const response = await request;
      assert.equal(response.statusCode, 200, response.body);
      return JSON.parse(response.body) as SearchBodyShape;
    };

    test('res=merge (the default) gives merged_by_type only, grouped by drive type in search order', async () => {
      const answer = await body(search(ctx.app, { kw: '逆袭' }));
      assert.equal(answer.code, 0);
      assert.equal(answer.message, 'success');
      assert.equal(answer.data.total, ORDER.length);
      assert.equal(answer.data.results, undefined);
      const merged = answer.data.merged_by_type ?? {};
      assert.deepEqual(Object.keys(merged), Object.keys(ENTRIES));
      assert.deepEqual(
        Object.values(merged)
          .flat()
          .map((link) => link.url)
          .sort(),
        [...ORDER].sort(),
      );
      assert.deepEqual(merged.quark?.[0], {
        url: ENTRIES.quark?.source_link,
        password: 'ab12',
        note: '逆袭之路 全集',
        datetime: '2026-11-20T10:00:00+08:00',
        source: 'plugin:dramadex',
        images: [],
      });
    });

    test('password is the code in each provider’s own form', async () => {
      const merged = (await body(search(ctx.app, { kw: '逆袭' }))).data.merged_by_type ?? {};
      const password = (type: string) => merged[type]?.[0]?.password;
      assert.equal(password('baidu'), 'x1y2');
      assert.equal(password('115'), 'p115');
      assert.equal(password('tianyi'), 't189');
      assert.equal(password('xunlei'), 'xl12');
      assert.equal(password('aliyun'), '');
    });

    test('res=results gives results only; res=all gives both; a result is one entry with its one link', async () => {
      const results = (await body(search(ctx.app, { kw: '逆袭之路', res: 'results' }))).data;
      assert.equal(results.merged_by_type, undefined);
      const [first] = results.results ?? [];
      assert.ok(first);
      assert.equal(typeof first.message_id, 'string');
      assert.equal(first.message_id, first.unique_id);
      assert.deepEqual(
        { ...first, message_id: undefined, unique_id: undefined },
        {
          message_id: undefined,
          unique_id: undefined,
          channel: 'dramadex',
          datetime: '2026-11-20T10:00:00+08:00',
          title: '逆袭之路 全集',
          content: '逆袭之路 全集 短剧',
          links: [
            {
              type: 'quark',
              url: ENTRIES.quark?.source_link,
              password: 'ab12',
              datetime: '2026-11-20T10:00:00+08:00',
              work_title: '逆袭之路 全集',
            },
          ],
          tags: ['短剧'],
          images: [],
        },
      );
      const all = (await body(search(ctx.app, { kw: '逆袭', res: 'all' }))).data;
      assert.equal(all.results?.length, ORDER.length);
      assert.ok(all.merged_by_type);
      assert.deepEqual(
        all.results?.map((result) => (result.links as Array<{ url: string }>)[0]?.url),
        ORDER,
      );
    });

    test('the message id is the entry’s stable id (the same on every search)', async () => {
      const once = (await body(search(ctx.app, { kw: '逆袭人生', res: 'results' }))).data.results?.[0]?.unique_id;
      const again = (await body(search(ctx.app, { kw: '人生', res: 'results' }))).data.results?.[0]?.unique_id;
      assert.match(String(once), /^\d+$/);
      assert.equal(once, again);
    });

    test('GET with a query string answers as POST does', async () => {
      const posted = await body(search(ctx.app, { kw: '逆袭', res: 'all', cloud_types: ['quark', 'baidu'], limit: 5 }));
      const got = await body(get(ctx.app, `/api/search?kw=${encodeURIComponent('逆袭')}&res=all&cloud_types=quark,baidu&limit=5`));
      assert.deepEqual(got, posted);
    });

    test('cloud_types keeps those drive types (array or comma list); an unknown name matches nothing', async () => {
      const both = await body(search(ctx.app, { kw: '逆袭', cloud_types: ['tianyi', '115'] }));
      assert.deepEqual(Object.keys(both.data.merged_by_type ?? {}), ['115', 'tianyi']);
      assert.equal(both.data.total, 2);
      const listed = await body(search(ctx.app, { kw: '逆袭', cloud_types: 'tianyi, 115' }));
      assert.deepEqual(listed, both);
      const asJson = await body(
        get(ctx.app, `/api/search?kw=${encodeURIComponent('逆袭')}&cloud_types=${encodeURIComponent('["tianyi","115"]')}`),
      );
      assert.deepEqual(asJson, both);
      const unknown = await body(search(ctx.app, { kw: '逆袭', cloud_types: ['lanzou'] }));
      assert.deepEqual(unknown.data, { total: 0, merged_by_type: {} });
      const empty = await body(search(ctx.app, { kw: '逆袭', cloud_types: [] }));
      assert.equal(empty.data.total, ORDER.length);
    });

    test('filter: any include word, no exclude word, case-insensitive; object or JSON text', async () => {
      const included = await body(search(ctx.app, { kw: '逆袭', filter: { include: ['全集', '完结'] } }));
      assert.deepEqual(Object.keys(included.data.merged_by_type ?? {}), ['quark', 'aliyun']);
      assert.equal(included.data.total, 2);
      const excluded = await body(search(ctx.app, { kw: '逆袭', filter: { exclude: ['预告', 'uc'] } }));
      assert.equal(excluded.data.total, ORDER.length - 2);
      assert.ok(!('115' in (excluded.data.merged_by_type ?? {})));
      assert.ok(!('uc' in (excluded.data.merged_by_type ?? {})), 'UC excluded by a lower-case word');
      const asText = await body(search(ctx.app, { kw: '逆袭', filter: JSON.stringify({ exclude: ['预告', 'uc'] }) }));
      assert.deepEqual(asText, excluded);
      const got = await body(
        get(ctx.app, `/api/search?kw=${encodeURIComponent('逆袭')}&filter=${encodeURIComponent('{"exclude":["预告","UC"]}')}`),
      );
      assert.deepEqual(got, excluded);
    });

    test('limit caps the links; total counts every match before it', async () => {
      const limited = await body(search(ctx.app, { kw: '逆袭', limit: 3, res: 'all' }));
      assert.equal(limited.data.total, ORDER.length);
      assert.deepEqual(
        limited.data.results?.map((result) => (result.links as Array<{ url: string }>)[0]?.url),
        ORDER.slice(0, 3),
      );
      assert.deepEqual(
        Object.values(limited.data.merged_by_type ?? {})
          .flat()
          .map((link) => link.url)
          .sort(),
        ORDER.slice(0, 3).sort(),
      );
      const filtered = await body(search(ctx.app, { kw: '逆袭', limit: 1, filter: { exclude: ['预告'] } }));
      assert.equal(filtered.data.total, ORDER.length - 1);
      assert.equal(Object.values(filtered.data.merged_by_type ?? {}).flat().length, 1);
      const asText = await body(get(ctx.app, `/api/search?kw=${encodeURIComponent('逆袭')}&limit=2`));
      assert.equal(Object.values(asText.data.merged_by_type ?? {}).flat().length, 2);
    });

    test('a filtered search over many matches reads them all in chunks: total stays exact', async () => {
      const many = Array.from({ length: 12_000 }, (_, index) => ({
        title: `批量短剧${index}${index % 3 === 0 ? ' 全集' : ''}`,
        source_link: index % 2 === 0 ? `https://pan.quark.cn/s/bulk${index}` : `https://pan.baidu.com/s/1bulk${index}`,
        type: 'post' as const,
        update_time: '2026-01-01 00:00:00',
      }));
      await ctx.importEntries(many);
      const answer = await body(search(ctx.app, { kw: '批量短剧', cloud_types: ['quark'], filter: { include: ['全集'] }, limit: 5 }));
      assert.equal(answer.data.total, many.filter((_, index) => index % 2 === 0 && index % 3 === 0).length);
      assert.equal(answer.data.merged_by_type?.quark?.length, 5);
      const removal = await ctx.services.catalogue.store.removeEntries(many.map((entry) => entry.source_link));
      assert.equal(removal.removed.length, many.length);
      await ctx.services.catalogue.refresh();
    });

    test('without limit, PANSOU_MAX_RESULTS links at most', async () => {
      const small = await createTestContext(store, { PANSOU_MAX_RESULTS: '4' });
      try {
        await small.importEntries(Object.values(ENTRIES));
        const answer = await body(search(small.app, { kw: '逆袭', res: 'results' }));
        assert.equal(answer.data.results?.length, 4);
        assert.equal(answer.data.total, ORDER.length);
      } finally {
        await small.close();
      }
    });

    test('fields only a live search reads are accepted with any value', async () => {
      const plain = await body(search(ctx.app, { kw: '逆袭' }));
      const noisy = await body(
        search(ctx.app, { kw: '逆袭', channels: 7, plugins: { a: 1 }, src: ['tg'], conc: 'many', refresh: 'yes', ext: '{not json' }),
      );
      assert.deepEqual(noisy, plain);
      const got = await body(
        get(ctx.app, `/api/search?kw=${encodeURIComponent('逆袭')}&channels=a,b&plugins=x&src=tg&conc=2&refresh=true&ext={`),
      );
      assert.deepEqual(got, plain);
    });

    test('characters the catalogue refuses in a keyword are read as spaces', async () => {
      const answer = await body(search(ctx.app, { kw: '<逆袭之路>' }));
      assert.equal(answer.data.total, 1);
      const quoted = await body(get(ctx.app, `/api/search?kw=${encodeURIComponent('"逆袭之路"(全集)')}`));
      assert.equal(quoted.data.total, 1);
    });

    test('hidden entries and takedowns never appear; the answer follows them at once', async () => {
      const before = await body(search(ctx.app, { kw: '逆袭其他' }));
      assert.equal(before.data.total, 1);
      await new TakedownStore(ctx.services.database).add(ENTRIES.others?.source_link as string, 'test');
      await ctx.services.catalogue.refresh();
      const after = await body(search(ctx.app, { kw: '逆袭其他' }));
      assert.deepEqual(after.data, { total: 0, merged_by_type: {} });
      await ctx.importEntries([
        { title: '逆袭其他 新', source_link: 'https://pan.quark.cn/s/fresh0001', type: 'post', update_time: '2026-11-21 10:00:00' },
      ]);
      const imported = await body(search(ctx.app, { kw: '逆袭其他' }));
      assert.deepEqual(
        imported.data.merged_by_type?.quark?.map((link) => link.url),
        ['https://pan.quark.cn/s/fresh0001'],
      );
    });

    test('errors are 400 in PanSou’s envelope, in the reader’s language', async () => {
      const cases: Array<[unknown, RegExp]> = [
        [{}, /kw is required/],
        [{ kw: '   ' }, /kw is empty/],
        [{ kw: '逆'.repeat(101) }, /longer than 100/],
        [{ kw: 5 }, /kw must be a string/],
        [{ kw: '逆袭', res: 'merged_by_type' }, /res must be merge, results or all/],
        [{ kw: '逆袭', filter: '{broken' }, /filter must be JSON/],
        [{ kw: '逆袭', limit: 0 }, /limit must be an integer from 1 to 1000/],
        [{ kw: '逆袭', limit: 1001 }, /limit/],
        [{ kw: '逆袭', cloud_types: 5 }, /cloud_types/],
      ];
      for (const [request, reason] of cases) {
        const response = await search(ctx.app, request, { 'accept-language': 'en' });
        assert.equal(response.statusCode, 400, JSON.stringify(request));
        const answer = response.json() as { code: number; message: string };
        assert.equal(answer.code, 400);
        assert.match(answer.message, reason, JSON.stringify(request));
      }
      const chinese = await search(ctx.app, {});
      assert.deepEqual(chinese.json(), { code: 400, message: '缺少参数 kw' });
      const broken = await ctx.app.inject({
        method: 'POST',
        url: `${BASE}/api/search`,
        payload: '{"kw": ',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      });
      assert.equal(broken.statusCode, 400);
      assert.deepEqual(broken.json(), { code: 400, message: 'The request body is not valid JSON' });
      const notAnObject = await search(ctx.app, ['逆袭'], { 'accept-language': 'en' });
      assert.equal(notAnObject.statusCode, 400);
      const huge = await search(ctx.app, { kw: '逆袭', ext: 'x'.repeat(70 * 1024) }, { 'accept-language': 'en' });
      assert.equal(huge.statusCode, 413);
      assert.equal((huge.json() as { code: number }).code, 413);
      const missingGet = await get(ctx.app, '/api/search', { 'accept-language': 'en' });
      assert.deepEqual(missingGet.json(), { code: 400, message: 'Parameter kw is required' });
    });

    test('/api/auth/login is not offered: 404 in the envelope', async () => {
      const response = await ctx.app.inject({ method: 'POST', url: `${BASE}/api/auth/login`, payload: { username: 'a', password: 'b' } });
      assert.equal(response.statusCode, 404);
      assert.equal((response.json() as { code: number }).code, 404);
    });

    test('PANSOU_PATH moves the base; off removes it', async () => {
      const moved = await createTestContext(store, { PANSOU_PATH: '/ps' });
      const off = await createTestContext(store, { PANSOU_PATH: 'off' });
      try {
        await moved.importEntries([ENTRIES.quark as never]);
        const answer = await moved.app.inject({ method: 'GET', url: `/ps/api/search?kw=${encodeURIComponent('逆袭')}` });
        assert.equal((answer.json() as SearchBodyShape).data.total, 1);
        assert.equal((await moved.app.inject({ method: 'GET', url: `${BASE}/api/health` })).statusCode, 404);
        const gone = await off.app.inject({ method: 'GET', url: `${BASE}/api/health` });
        assert.equal(gone.statusCode, 404);
        assert.equal((gone.json() as { error_code: string }).error_code, 'RESOURCE_NOT_FOUND');
        const status = await off.app.inject({ method: 'GET', url: '/api/status' });
        assert.ok(!(status.json() as { data: { features: string[] } }).data.features.includes('pansou-interface'));
      } finally {
        await moved.close();
        await off.close();
      }
    });

    test('/api/status says the interface is on, and /docs lists it beside the catalogue interface', async () => {
      const status = await ctx.app.inject({ method: 'GET', url: '/api/status' });
      assert.ok((status.json() as { data: { features: string[] } }).data.features.includes('pansou-interface'));
      const docs = await ctx.app.inject({ method: 'GET', url: '/docs?lang=en' });
      assert.equal(docs.statusCode, 200);
      assert.match(docs.body, /PanSou-compatible interface.*<a href="\/pansou\/openapi.json">/);
      const document = await get(ctx.app, '/openapi.json');
      assert.equal((document.json() as { servers: Array<{ url: string }> }).servers[0]?.url, BASE);
    });
  });
}

test('CORS as for the catalogue: a browser front-end may POST with a Bearer token', async () => {
  const ctx = await createTestContext('sqlite', { CORS_ORIGINS: 'https://front.example' });
  try {
    const preflight = await ctx.app.inject({
      method: 'OPTIONS',
      url: `${BASE}/api/search`,
      headers: {
        origin: 'https://front.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    assert.equal(preflight.statusCode, 204);
    assert.match(String(preflight.headers['access-control-allow-headers']), /Authorization/);
    assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
    const answer = await search(ctx.app, { kw: '逆袭' }, { origin: 'https://front.example' });
    assert.equal(answer.headers['access-control-allow-origin'], 'https://front.example');
  } finally {
    await ctx.close();
  }
});

test('drive types of the links dramadex keeps but does not check', () => {
  assert.equal(driveLink('magnet:?xt=urn:btih:0123456789abcdef0123456789abcdef01234567').type, 'magnet');
  assert.equal(driveLink('ed2k://|file|a.mkv|1|ABC|/').type, 'ed2k');
  assert.equal(driveLink('https://mypikpak.com/s/VOx').type, 'pikpak');
  assert.equal(driveLink('https://caiyun.139.com/m/i?x').type, 'mobile');
  assert.equal(driveLink('https://pan.example.com/s/x').type, 'others');
  assert.equal(driveLink('not a link').type, 'others');
});
