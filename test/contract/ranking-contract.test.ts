/**
 * The ranking listener's real answers against docs/openapi-ranking.json, on both stores: for every
 * documented route a success with a token over imported boards, and its errors (401 without a token,
 * 400 for a malformed bearer header, 400 for a bad family B parameter, 429 past the token's rate) are
 * validated against the published schemas.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DRAMA_BOARDS } from '../../src/shared/board-names.js';
import { importBoard, issueToken, rankingGet } from '../boards/support/helpers.js';
import { Contract } from '../support/contract.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';

for (const store of STORES) {
  describe(`the ranking contract (docs/openapi-ranking.json) [${store}]`, () => {
    const contract = new Contract('docs/openapi-ranking.json');
    let ctx: TestContext;
    let token: string;
    before(async () => {
      ctx = await createTestContext(store, { RANKING_RATE_LIMIT: '1000', RANKING_FAILED_AUTH_LIMIT: '1000' });
      for (const board of DRAMA_BOARDS) {
        await importBoard(ctx, board, [
          { title: '流浪地球2', hot_score: 900 },
          { title: '满江红', hot_score: 800, tag: '热' },
        ]);
      }
      await importBoard(ctx, 'actors', [
        { name: '沈星河', gender: 'male', hot_score: 900, works: ['我的女帝老婆'] },
        { name: '林婉清', gender: 'female', hot_score: 800 },
      ]);
      token = await issueToken(ctx, '127.0.0.1');
    });
    after(() => ctx.close());

    test('every route: a success matches its documented schema', async () => {
      for (const route of contract.routes()) {
        const response = await rankingGet(ctx, route.path, { token });
        assert.equal(response.statusCode, 200, `${route.path}: ${response.body}`);
        contract.check(route, response);
      }
    });

    test('every route: no token (401) and a malformed bearer header (400) match the error schema', async () => {
      for (const route of contract.routes()) {
        const missing = await rankingGet(ctx, route.path, { from: '10.2.0.1' });
        assert.equal(missing.statusCode, 401, route.path);
        contract.check(route, missing, 'no token');
        const malformed = await rankingGet(ctx, route.path, { authorization: 'Bearer', from: '10.2.0.2' });
        assert.equal(malformed.statusCode, 400, route.path);
        contract.check(route, malformed, 'Bearer without a token');
      }
    });

    test('family B: a bad start or hit (400) matches the error schema', async () => {
      for (const route of contract.routes().filter(({ path }) => path.startsWith('/api/extrank/'))) {
        for (const query of ['start=2', 'hit=0']) {
          const response = await rankingGet(ctx, `${route.path}?${query}`, { token });
          assert.equal(response.statusCode, 400, `${route.path}?${query}`);
          contract.check(route, response, query);
        }
      }
    });

    test('no documented route went unchecked', () => contract.assertCovered());
  });
}
