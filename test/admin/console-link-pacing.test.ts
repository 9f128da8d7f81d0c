/**
 * The console's "check now" is paced with the background checks (docs/link-health.md, "Politeness";
 * docs/console.md): its check of a provider's link takes a turn of the same per-provider LINK_CHECK_RATE
 * the scheduler spends (one pacer per process, in Redis across instances), so a turn the console took
 * makes the scheduler wait, and a turn the scheduler took refuses the console's next check at once,
 * saying when the next turn is, instead of asking the provider past its rate. Real checkers against the
 * fixture providers, through HTTP, on both stores; nothing waits on the wall clock (a rate of one check
 * per 100 s makes every second turn a refusal).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LinkScheduler } from '../../src/links/link-scheduler.js';
import type { ProviderId } from '../../src/shared/share-links.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from '../links/fixture-providers.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { addAccount, type Operator, signIn } from './support.js';

for (const store of STORES) {
  describe(`console: a link checked from the console keeps the provider's pace [${store}]`, () => {
    let ctx: TestContext;
    let providers: FixtureProviders;
    let mod: Operator;
    before(async () => {
      providers = await startFixtureProviders();
      ctx = await createTestContext(store, {
        LINK_CHECK: 'on',
        LINK_CHECK_ORIGINS: providers.origins,
        LINK_CHECK_RATE: 'quark=0.01,alipan=0.01',
      });
      await addAccount(ctx.services.database, 'mod-pace', 'moderator');
      mod = await signIn(ctx.app, 'mod-pace');
    });
    after(async () => {
      await ctx.close();
      await providers.close();
    });

    /** Whether any request to the fixture of `provider` named `shareId`. */
    const asked = (provider: ProviderId, shareId: string) =>
      providers.log().some((request) => request.provider === provider && `${request.path} ${request.body}`.includes(shareId));

    test('the console and the scheduler share one turn of LINK_CHECK_RATE per provider', async () => {
      const ids = { quark: ['pacequark1', 'pacequark2'], alipan: ['pacealipan1', 'pacealipan2'] } as const;
      for (const [provider, shares] of Object.entries(ids)) for (const id of shares) providers.set(provider as ProviderId, id, 'alive1');
      await ctx.importEntries(
        Object.entries(ids).flatMap(([provider, shares]) =>
          shares.map((id) => entry({ source_link: fixtureLink(provider as ProviderId, id) })),
        ),
      );

      // The console checks a quark link: it takes quark's turn of this 100 s window.
      const first = await mod.post('/admin/links/check', { link: fixtureLink('quark', 'pacequark1') });
      assert.equal(first.statusCode, 200);
      assert.match(first.body, /(Checked: alive|复查结果：可用)/);

      const scheduler = ctx.services.links.scheduler as LinkScheduler;
      assert.ok(scheduler, 'LINK_CHECK=on builds the scheduler');
      // Whichever comes first: the scheduler waiting for quark's rate, or checking a quark link (a second turn).
      const quarkFirst = new Promise<string>((resolve) => {
        scheduler.on('waiting', (provider, reason, ms) => {
          if (provider === 'quark' && reason === 'rate') resolve(`waited ${ms > 10_000 ? 'for the window' : `${ms} ms`}`);
        });
        scheduler.on('checked', (link) => {
          if (link.startsWith('https://pan.quark.cn/')) resolve(`checked ${link}`);
        });
      });
      const alipanChecked = new Promise<string>((resolve) =>
        scheduler.on('checked', (link) => {
          if (link.startsWith('https://www.alipan.com/')) resolve(link);
        }),
      );
      // Enrolled first, so no loop looks before another's enrolment is done (that loop would idle for IDLE_MS).
      await ctx.services.links.queue.enrolNew();
      ctx.services.links.start();
      // The scheduler waits out the console's turn before its first quark check ...
      assert.equal(await quarkFirst, 'waited for the window', 'the scheduler waits for the window the console used');
      assert.equal(asked('quark', 'pacequark2'), false, 'no quark check past the rate');
      // ... and the console waits out the scheduler's: its alipan check is refused at once, the provider not asked.
      const taken = await alipanChecked;
      const other = fixtureLink('alipan', taken.endsWith('pacealipan1') ? 'pacealipan2' : 'pacealipan1');
      const refused = await mod.post('/admin/links/check', { link: other });
      assert.equal(refused.statusCode, 400, 'a refusal, as the console answers every refused operation');
      assert.match(
        refused.body,
        /<span data-stored>alipan<\/span> 每秒最多检查 0\.01 次（<span data-stored>LINK_CHECK_RATE<\/span>，与后台检查共用）；\d+ 秒后轮到它/,
      );
      assert.equal(asked('alipan', other.split('/').at(-1) as string), false, 'the refused check asked nothing');
    });
  });
}
