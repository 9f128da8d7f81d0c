/**
 * The link-health endpoints through app.inject on both stores, and the whole scheme end to end: with
 * LINK_CHECK=on the scheduler checks catalogue links with the real provider checkers against the fixture
 * providers (LINK_CHECK_ORIGINS), a confirmed dead entry leaves the API's answers, a report moves a link to
 * the head of the queue, `alive` brings the entry back, and `/api/status` counts it all.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import type { EntryInput } from '../../src/catalogue/catalogue-store.js';
import { REPORTS_PER_HOUR } from '../../src/links/routes.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { from, LIMITS_ON } from '../support/limits.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';

for (const store of STORES) {
  describe(`links: /api/link-status, /api/link-reports, /api/status [${store}]`, () => {
    let ctx: TestContext;
    let providers: FixtureProviders;
    before(async () => {
      providers = await startFixtureProviders();
      ctx = await createTestContext(store, {
        LINK_CHECK: 'on',
        LINK_CHECK_ORIGINS: providers.origins,
        LINK_CHECK_CONFIRM_MINUTES: '0',
        LINK_CHECK_RATE: '1000',
      });
    });
    after(async () => {
      await ctx.close();
      await providers.close();
    });

    const scheduler = () => {
      const running = ctx.services.links.scheduler;
      assert.ok(running, 'LINK_CHECK=on builds the scheduler');
      return running;
    };
    /** Resolves once `link` has been checked (and its verdict stored) `times` more times. */
    const checked = async (link: string, times = 1) => {
      for (let seen = 0; seen < times; ) {
        const [checkedLink] = await once(scheduler(), 'checked');
        if (checkedLink === link) seen++;
      }
      await ctx.services.catalogue.refresh();
    };
    const served = async () =>
      ((await ctx.app.inject('/api/contents?limit=100')).json().data.items as EntryInput[]).map((item) => item.source_link);

    test('unknown links are 404 envelopes; a missing link is 400', async () => {
      const missing = await ctx.app.inject('/api/link-status?link=https%3A%2F%2Fpan.quark.cn%2Fs%2Fnowhere1');
      assert.equal(missing.statusCode, 404);
      assert.equal(missing.json().error_code, 'RESOURCE_NOT_FOUND');
      assert.equal((await ctx.app.inject('/api/link-status')).statusCode, 400);
      const report = await ctx.app.inject({ method: 'POST', url: '/api/link-reports', payload: { source_link: 'https://x.example/s/1' } });
      assert.equal(report.statusCode, 404);
    });

    test('end to end: checked by the real checkers, hidden on two deads, reported, revived, counted', async () => {
      const alive = entry({ source_link: fixtureLink('quark', 'alive1'), title: '端到端甲' });
      const dying = entry({ source_link: fixtureLink('quark', 'e2e1'), title: '端到端乙' });
      const captcha = entry({ source_link: fixtureLink('baidu', 'captcha1'), title: '端到端丙' });
      const plain = entry({ title: '端到端丁' });
      const odd = entry({ source_link: fixtureLink('quark', 'othercode1'), title: '端到端戊' });
      providers.set('quark', 'e2e1', 'dead1');
      await ctx.importEntries([alive, dying, captcha, plain, odd]);
      const fresh = await ctx.app.inject(`/api/link-status?link=${encodeURIComponent(dying.source_link)}`);
      assert.deepEqual(fresh.json().data, {
        source_link: dying.source_link,
        provider: 'quark',
        verdict: null,
        checked_at: null,
        hidden: false,
        reason: null,
      });

      // With LINK_CHECK_CONFIRM_MINUTES=0 the confirmation of the first dead is due at once.
      const firstChecks = Promise.all([
        checked(alive.source_link),
        checked(dying.source_link, 2),
        checked(captcha.source_link),
        checked(odd.source_link),
      ]);
      ctx.services.links.start();
      await firstChecks;
      const status = (await ctx.app.inject(`/api/link-status?link=${encodeURIComponent(dying.source_link)}`)).json().data;
      assert.equal(status.verdict, 'dead');
      assert.equal(status.reason, 'dead: token code 41006 "分享不存在" (HTTP 200, row quark.token.41006)');
      const oddStatus = (await ctx.app.inject(`/api/link-status?link=${encodeURIComponent(odd.source_link)}`)).json().data;
      assert.equal(oddStatus.reason, 'unknown: token code 40902 "something else" (HTTP 400, row unknown-code)');
      assert.equal(
        (await ctx.app.inject(`/api/link-status?link=${encodeURIComponent(captcha.source_link)}`)).json().data.verdict,
        'unknown',
      );
      assert.ok(!(await served()).includes(dying.source_link), 'a confirmed dead entry is not served');
      assert.ok((await served()).includes(captcha.source_link), 'unknown never hides');
      const hidden = (await ctx.app.inject(`/api/link-status?link=${encodeURIComponent(dying.source_link)}`)).json().data;
      assert.equal(hidden.hidden, true);
      const counts = (await ctx.app.inject('/api/status')).json().data.links;
      // The guards as the deployment shares them: the captcha paused baidu; no breaker is open.
      const guards = (await ctx.app.inject('/api/status')).json().data.link_guards;
      assert.deepEqual(guards.breakers_open, []);
      assert.ok(guards.paused.includes('baidu'), JSON.stringify(guards));
      assert.deepEqual(counts, { alive: 1, locked: 0, dead: 1, unknown: 2, unsupported: 1, unchecked: 0, hidden: 1 });

      // It comes back when the share works again: a report (JSON, then the web page's form), then the check.
      providers.set('quark', 'e2e1', 'alive1');
      const revived = checked(dying.source_link);
      const report = await ctx.app.inject({ method: 'POST', url: '/api/link-reports', payload: { source_link: dying.source_link } });
      assert.equal(report.statusCode, 202);
      assert.equal(report.json().data.source_link, dying.source_link);
      const form = await ctx.app.inject({
        method: 'POST',
        url: '/api/link-reports',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
        payload: `source_link=${encodeURIComponent(dying.source_link)}`,
      });
      assert.equal(form.statusCode, 202);
      assert.match(String(form.headers['content-type']), /text\/html/);
      assert.match(form.body, /Report received/);
      await revived;
      assert.ok((await served()).includes(dying.source_link), 'alive brings the entry back');

      const metrics = (await ctx.services.metrics?.scrape()) ?? '';
      assert.match(metrics, /dramadex_link_checks_total\{provider="quark",verdict="dead"\} [1-9]/);
      assert.match(metrics, /dramadex_link_check_duration_seconds_count\{provider="quark"\} [1-9]/);
      assert.match(metrics, /dramadex_link_provider_paused\{provider="baidu"\} 1/, 'a captcha pauses the provider');
      assert.match(metrics, /dramadex_links\{state="alive"\} 2/);
      assert.match(metrics, /dramadex_link_unknown_codes_total\{provider="quark",code="40902"\} 1/, 'an unknown code is counted');
    });

    test('/api/link-status is counted by the catalogue limits like any API request', async () => {
      const limited = await createTestContext(store, { ...LIMITS_ON, LINK_CHECK: 'off' });
      try {
        const link = entry({ source_link: fixtureLink('quark', 'alive1') });
        await limited.importEntries([link]);
        const url = `/api/link-status?link=${encodeURIComponent(link.source_link)}`;
        const first = await from(limited.app, '10.8.0.1', url);
        assert.equal(first.statusCode, 200);
        assert.equal(first.headers['ratelimit-policy'], '"per-address";q=1;w=3');
        assert.equal((await from(limited.app, '10.8.0.1', url)).statusCode, 429);
      } finally {
        await limited.close();
      }
    });

    test('reports are limited per address', async () => {
      const link = entry({ source_link: fixtureLink('uc', 'alive1') });
      await ctx.importEntries([link]);
      const send = (remoteAddress: string) =>
        ctx.app.inject({ method: 'POST', url: '/api/link-reports', remoteAddress, payload: { source_link: link.source_link } });
      for (let i = 0; i < REPORTS_PER_HOUR; i++) assert.equal((await send('10.9.0.1')).statusCode, 202);
      const refused = await send('10.9.0.1');
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().error_code, 'RATE_LIMIT_EXCEEDED');
      assert.equal((await send('10.9.0.2')).statusCode, 202);
    });

    test('a browser reporting from the page gets pages in the site look that lead back; JSON clients keep the envelope; exempt addresses are not limited', async () => {
      const link = entry({ source_link: fixtureLink('uc', 'alive1'), title: '报告页面测试' });
      await ctx.importEntries([link]);
      const form = (remoteAddress: string, accept = 'text/html,application/xhtml+xml,*/*;q=0.8') =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/link-reports',
          remoteAddress,
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept, 'accept-language': 'en' },
          payload: `source_link=${encodeURIComponent(link.source_link)}&back=${encodeURIComponent('/types/post?page=2')}`,
        });
      const received = await form('10.9.1.1');
      assert.equal(received.statusCode, 202);
      assert.match(String(received.headers['content-type']), /text\/html/);
      assert.match(received.body, /<h1>Report received<\/h1>/);
      assert.match(received.body, /href="\/types\/post\?page=2"/, 'the way back to the page it came from');
      assert.match(received.body, /<link rel="stylesheet"/, 'in the site look (its layout and style sheet)');
      for (let i = 1; i < REPORTS_PER_HOUR; i++) assert.equal((await form('10.9.1.1')).statusCode, 202);
      const refused = await form('10.9.1.1');
      assert.equal(refused.statusCode, 429);
      assert.match(String(refused.headers['content-type']), /text\/html/);
      assert.ok(refused.headers['retry-after']);
      assert.match(refused.body, /Too many requests/);
      assert.match(refused.body, /href="\/types\/post\?page=2"/);
      // A JSON client over its limit keeps the envelope.
      const json = async () =>
        ctx.app.inject({ method: 'POST', url: '/api/link-reports', remoteAddress: '10.9.1.1', payload: { source_link: link.source_link } });
      assert.equal((await json()).json().error_code, 'RATE_LIMIT_EXCEEDED');
      // A page outside this site is never a way back.
      const offsite = await ctx.app.inject({
        method: 'POST',
        url: '/api/link-reports',
        remoteAddress: '10.9.1.2',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: `source_link=${encodeURIComponent(link.source_link)}&back=${encodeURIComponent('//evil.example/x')}`,
      });
      assert.match(offsite.body, /href="\/"/);
      assert.doesNotMatch(offsite.body, /evil\.example/);

      const exempt = await createTestContext(store, { EXEMPT_ADDRESSES: '10.9.2.0/24' });
      try {
        await exempt.importEntries([link]);
        for (let i = 0; i <= REPORTS_PER_HOUR + 2; i++) {
          const answer = await exempt.app.inject({
            method: 'POST',
            url: '/api/link-reports',
            remoteAddress: '10.9.2.7',
            payload: { source_link: link.source_link },
          });
          assert.equal(answer.statusCode, 202, `report ${i + 1} from an exempt address`);
        }
      } finally {
        await exempt.close();
      }
    });
  });
}
