/**
 * The demo data is never checked (docs/link-health.md): with LINK_CHECK=on, after `serve --demo` loads it,
 * every provider's loop finds nothing due and not one request reaches the (fixture) providers; an entry
 * imported afterwards is checked.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { loadDemoData } from '../../src/demo/load-demo-data.js';
import { PROVIDER_IDS } from '../../src/shared/share-links.js';
import { createTestContext, entry, type TestContext } from '../support/harness.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';

describe('links: demo links are never checked', () => {
  let ctx: TestContext;
  let providers: FixtureProviders;
  before(async () => {
    providers = await startFixtureProviders();
    ctx = await createTestContext('sqlite', { LINK_CHECK: 'on', LINK_CHECK_ORIGINS: providers.origins, LINK_CHECK_RATE: '1000' });
  });
  after(async () => {
    await ctx.close();
    await providers.close();
  });

  test('after the demo data loads, nothing is due; a later import is checked', async () => {
    await loadDemoData(ctx.services, () => undefined);
    assert.ok(ctx.services.catalogue.size > 1000);
    const scheduler = ctx.services.links.scheduler;
    assert.ok(scheduler);
    const idle = new Set<string>();
    const allIdle = new Promise<void>((resolve) =>
      scheduler.on('idle', (provider) => {
        idle.add(provider);
        if (idle.size === PROVIDER_IDS.length) resolve();
      }),
    );
    ctx.services.links.start();
    await allIdle;
    assert.equal(providers.requests(), 0);

    const later = entry({ source_link: fixtureLink('quark', 'alive1') });
    await ctx.importEntries([later]);
    const checked = once(scheduler, 'checked');
    scheduler.poke();
    const [link, outcome] = await checked;
    assert.equal(link, later.source_link);
    assert.equal(outcome.verdict, 'alive');
  });
});
