// Ready response bytes are reused only while nothing they depend on has changed: the data (an import),
// the day (today's list at midnight) and the language.
import assert from 'node:assert/strict';
import { afterEach, describe, mock, test } from 'node:test';
import { createTestContext, entry, STORES } from '../support/harness.js';

const titles = (body: { data: { items: Array<{ title: string }> } }) => body.data.items.map((item) => item.title);

for (const store of STORES) {
  describe(`response reuse [${store}]`, () => {
    afterEach(() => mock.timers.reset());

    test('the same URL answers the new data right after an import', async () => {
      const ctx = await createTestContext(store);
      try {
        await ctx.importEntries([entry({ title: '第一部', update_time: '2024-01-01 00:00:00' })]);
        for (const url of ['/api/contents', '/api/contents/post', `/api/search?keyword=${encodeURIComponent('部')}`]) {
          assert.deepEqual(titles((await ctx.app.inject(url)).json()), ['第一部'], url);
        }
        await ctx.importEntries([entry({ title: '第二部', update_time: '2024-01-02 00:00:00' })]);
        for (const url of ['/api/contents', '/api/contents/post', `/api/search?keyword=${encodeURIComponent('部')}`]) {
          assert.deepEqual(titles((await ctx.app.inject(url)).json()), ['第二部', '第一部'], url);
        }
      } finally {
        await ctx.close();
      }
    });

    test("today's list changes at midnight in the catalogue zone for the same URL", async () => {
      const ctx = await createTestContext(store, { CATALOGUE_TZ: 'UTC' });
      try {
        await ctx.importEntries([
          entry({ title: '一号', update_time: '2024-03-01 23:00:00' }),
          entry({ title: '二号', update_time: '2024-03-02 01:00:00' }),
        ]);
        mock.timers.enable({ apis: ['Date'], now: new Date('2024-03-01T23:59:59Z') });
        assert.deepEqual(titles((await ctx.app.inject('/api/contents?today')).json()), ['一号']);
        mock.timers.tick(1000);
        assert.deepEqual(titles((await ctx.app.inject('/api/contents?today')).json()), ['二号']);
      } finally {
        await ctx.close();
      }
    });

    test('each language keeps its own bytes, and RESPONSE_CACHE_MB=0 answers the same', async () => {
      for (const cacheMb of ['32', '0']) {
        const ctx = await createTestContext(store, { RESPONSE_CACHE_MB: cacheMb });
        try {
          await ctx.importEntries([entry({ title: '剧' })]);
          const chinese = (await ctx.app.inject('/api/types')).json();
          const english = (await ctx.app.inject({ url: '/api/types', headers: { 'accept-language': 'en' } })).json();
          assert.equal(chinese.message, '获取成功');
          assert.equal(english.message, 'Fetched successfully');
          assert.equal((await ctx.app.inject('/api/contents')).json().data.total, 1);
        } finally {
          await ctx.close();
        }
      }
    });
  });
}
