/**
 * A takedown and an import made on one instance show in the other instance's PanSou answers as they
 * show in its catalogue answers (docs/pansou.md, docs/architecture.md "Caches"): two instances over one
 * PostgreSQL store, each following the other's changes through the change feed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildCatalogueApp } from '../../src/app.js';
import { TakedownStore } from '../../src/catalogue/takedowns.js';
import { loadConfig } from '../../src/config/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createTestDatabase } from '../support/harness.js';
import { ENTRIES, type SearchBodyShape, search } from './support.js';

interface Instance {
  services: Services;
  app: FastifyInstance;
}

describe('PanSou answers on two instances sharing PostgreSQL', { skip: !process.env.TEST_DATABASE_URL }, () => {
  let drop: () => Promise<void>;
  let first: Instance;
  let second: Instance;
  before(async () => {
    const created = await createTestDatabase('postgres');
    drop = created.drop;
    const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: created.url, RATE_LIMITS: 'off', METRICS_PORT: 'off' });
    const start = async (): Promise<Instance> => {
      const services = await createServices(config, { pollMs: 0 });
      return { services, app: await buildCatalogueApp(services) };
    };
    first = await start();
    second = await start();
  });
  after(async () => {
    for (const instance of [first, second]) {
      await instance.app.close();
      await instance.services.close();
    }
    await drop();
  });

  /** Resolves once `instance` applied a change made elsewhere (its catalogue says so). */
  const changed = (instance: Instance) => new Promise<void>((resolve) => instance.services.catalogue.onChange(() => resolve()));
  const pansouLinks = async (instance: Instance, kw: string) => {
    const answer = (await search(instance.app, { kw, res: 'results' })).json() as SearchBodyShape;
    return (answer.data.results ?? []).map((result) => (result.links as Array<{ url: string }>)[0]?.url);
  };
  const catalogueLinks = async (instance: Instance, kw: string) => {
    const answer = await instance.app.inject({ method: 'GET', url: `/api/search?keyword=${encodeURIComponent(kw)}` });
    return (answer.json() as { data: { items: Array<{ source_link: string }> } }).data.items.map((item) => item.source_link);
  };

  test('an import, then a takedown, on the first instance', async () => {
    const kw = '逆袭';
    // Both answers asked twice first, so the response caches of both dialects hold them.
    for (let round = 0; round < 2; round++) {
      assert.deepEqual(await pansouLinks(second, kw), []);
      assert.deepEqual(await catalogueLinks(second, kw), []);
    }
    let seen = changed(second);
    await first.services.catalogue.store.importEntries([ENTRIES.quark as never, ENTRIES.baidu as never]);
    await seen;
    const imported = await catalogueLinks(second, kw);
    assert.deepEqual(imported, [ENTRIES.quark?.source_link, ENTRIES.baidu?.source_link]);
    assert.deepEqual(await pansouLinks(second, kw), imported);

    seen = changed(second);
    await new TakedownStore(first.services.database).add(ENTRIES.quark?.source_link as string, 'test');
    await seen;
    const left = await catalogueLinks(second, kw);
    assert.deepEqual(left, [ENTRIES.baidu?.source_link]);
    assert.deepEqual(await pansouLinks(second, kw), left);
  });
});
