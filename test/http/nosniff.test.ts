/**
 * `X-Content-Type-Options: nosniff` on every answer of both listeners (issue 41, F6): JSON answers and
 * error envelopes of the catalogue, and the ranking listener's answers, so no browser reads a JSON body as
 * a script or a page.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../support/harness.js';

describe('nosniff on both listeners', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext('sqlite');
  });
  after(() => context.close());

  test('catalogue answers and errors', async () => {
    for (const url of ['/api/types', '/api/contents?page=0', '/api/no-such-route']) {
      const answer = await context.app.inject({ url });
      assert.match(String(answer.headers['content-type']), /application\/json/, url);
      assert.equal(answer.headers['x-content-type-options'], 'nosniff', url);
    }
  });

  test('ranking listener answers, refusals included', async () => {
    const answer = await context.rankingApp.inject({ url: '/api/drama-actors' });
    assert.match(String(answer.headers['content-type']), /application\/json/);
    assert.equal(answer.headers['x-content-type-options'], 'nosniff');
  });
});
