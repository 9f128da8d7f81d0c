/**
 * A change made in one instance's console reaches another instance sharing PostgreSQL as a command's does
 * (docs/console.md, "One path for every change"): through the store's change feed alone (polling off), so
 * the other instance stops serving a taken-down entry in search, and the answer's ETag moves.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import type { Catalogue } from '../../src/catalogue/catalogue.js';
import { loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase } from '../support/harness.js';
import { addAccount, type Operator, signIn } from './support.js';

const skip = process.env.TEST_DATABASE_URL ? false : 'TEST_DATABASE_URL is needed';
const link = (name: string) => `https://pan.example.com/s/shared-console-${name}`;

/** A promise of the catalogue's next applied change, made before the change is triggered. */
function nextChange(catalogue: Catalogue): Promise<void> {
  return new Promise((resolve) => catalogue.onChange(() => resolve()));
}

describe('console changes on two instances sharing PostgreSQL', { skip }, () => {
  const instances: Array<{ services: Services; app: FastifyInstance }> = [];
  let drop: () => Promise<void>;
  let operator: Operator;
  before(async () => {
    const database = await createTestDatabase('postgres');
    drop = database.drop;
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: database.url, RATE_LIMITS: 'off', METRICS_PORT: 'off' });
    for (let i = 0; i < 2; i++) {
      const services = await createServices(config, { pollMs: 0, listen: true });
      instances.push({ services, app: await buildCatalogueApp(services) });
    }
    const [first] = instances as [{ services: Services; app: FastifyInstance }];
    await addAccount(first.services.database, 'shared-mod', 'moderator');
    const other = nextChange((instances[1] as { services: Services }).services.catalogue);
    await first.services.catalogue.store.importEntries(
      ['a1', 'a2'].map((name) => ({
        title: `共享后台${name}`,
        source_link: link(name),
        type: 'post' as const,
        update_time: '2024-07-01 10:00:00',
      })),
    );
    await first.services.catalogue.refresh();
    await other;
    operator = await signIn(first.app, 'shared-mod');
  });
  after(async () => {
    for (const { app, services } of instances) {
      await app.close();
      await services.close();
    }
    await drop();
  });

  const search = async (app: FastifyInstance) => {
    const response = await app.inject({ url: `/api/search?keyword=${encodeURIComponent('共享后台')}` });
    const links = (response.json() as { data: { items: Array<{ source_link: string }> } }).data.items.map((item) => item.source_link);
    return { links: links.sort(), etag: response.headers.etag };
  };

  test('a takedown confirmed in one console is gone from the other instance, its ETag moved', async () => {
    const second = instances[1] as { services: Services; app: FastifyInstance };
    const before = await search(second.app);
    assert.deepEqual(before.links, [link('a1'), link('a2')]);
    const applied = nextChange(second.services.catalogue);
    const done = await operator.post('/admin/takedowns', { link: link('a1'), match: 'exact', reason: 'shared', confirm: '1' });
    assert.equal(done.statusCode, 303);
    await applied;
    const after = await search(second.app);
    assert.deepEqual(after.links, [link('a2')]);
    assert.notEqual(after.etag, before.etag);
    assert.deepEqual((await search((instances[0] as { app: FastifyInstance }).app)).links, [link('a2')]);
  });
});
