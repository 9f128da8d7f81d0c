import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createTestContext, STORES } from '../support/harness.js';

for (const store of STORES) {
  describe(`status and health [${store}]`, () => {
    test('status reports name, version 2.2.1, running, environment and enabled features', async () => {
      const ctx = await createTestContext(store, { APP_ENV: 'staging' });
      try {
        const body = (await ctx.app.inject('/api/status')).json();
        assert.equal(body.success, true);
        assert.equal(body.data.service, 'dramadex');
        assert.equal(body.data.version, '2.2.1');
        assert.equal(body.data.status, 'running');
        assert.equal(body.data.environment, 'staging');
        assert.ok(Array.isArray(body.data.features));
        assert.ok(body.data.features.includes('search'));
        assert.ok(body.data.features.includes(`store:${store}`));
      } finally {
        await ctx.close();
      }
    });

    test('health is healthy with a connected database and an ISO 8601 UTC timestamp', async () => {
      const ctx = await createTestContext(store);
      try {
        const response = await ctx.app.inject('/api/health');
        assert.equal(response.statusCode, 200);
        const body = response.json();
        assert.equal(body.data.status, 'healthy');
        assert.equal(body.data.database, 'connected');
        assert.match(body.data.timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
      } finally {
        await ctx.close();
      }
    });

    test('health answers 503 in the error envelope when the store is gone', async () => {
      const ctx = await createTestContext(store);
      try {
        await ctx.services.database.close();
        const response = await ctx.app.inject('/api/health');
        assert.equal(response.statusCode, 503);
        const body = response.json();
        assert.equal(body.success, false);
        assert.equal(body.error_code, 'SERVICE_UNAVAILABLE');
        assert.ok(body.suggestion);
        assert.notEqual(body.data.database, 'connected');
        assert.equal(body.data.status, 'unhealthy');
      } finally {
        // Closing the store again is a no-op; this also drops the test database.
        await ctx.close();
      }
    });
  });
}
