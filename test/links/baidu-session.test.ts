/**
 * Baidu's session as docs/link-health.md "Baidu" describes it, against the fixture provider: a checker
 * warms a BAIDUID cookie once and keeps it for COOKIE_MS (fake clock), sends it with every request, asks
 * shorturlinfo with the token's leading 1, reads the share page only for -9/-21 (following redirects only
 * within pan.baidu.com), and verifies a code only after the page showed the share exists. Without a
 * cookie the fixture answers as Baidu does: a 302 to its anti-crawl page, which is a throttle.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COOKIE_MS } from '../../src/links/providers/baidu.js';
import { createLinkChecker } from '../../src/links/providers/provider-link-checker.js';
import { FIXTURE_BAIDUID } from './fixture-answers.js';
import { FIXTURE_CODE, type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';

describe('Baidu: the cookie, the token and the page', () => {
  let fixture: FixtureProviders;
  before(async () => {
    fixture = await startFixtureProviders();
  });
  after(() => fixture.close());
  const pathsSince = (from: number) =>
    fixture
      .log()
      .slice(from)
      .map((request) => new URL(request.path, 'http://x').pathname);

  test('one warm-up per checker while the cookie is fresh, another after COOKIE_MS', async () => {
    let now = 1_000_000;
    const checker = createLinkChecker({ origins: fixture.originMap, now: () => now });
    const start = fixture.requests();
    assert.equal((await checker.check(fixtureLink('baidu', 'alive1'))).verdict, 'alive');
    assert.equal((await checker.check(fixtureLink('baidu', 'dead1'))).verdict, 'dead');
    now += COOKIE_MS;
    assert.equal((await checker.check(fixtureLink('baidu', 'alive1'))).verdict, 'alive');
    assert.deepEqual(pathsSince(start), ['/', '/api/shorturlinfo', '/api/shorturlinfo', '/', '/api/shorturlinfo']);
    const info = fixture.log()[start + 1];
    assert.equal(info?.headers.cookie, `BAIDUID=${FIXTURE_BAIDUID}`);
    assert.equal(new URL(info?.path ?? '', 'http://x').searchParams.get('shorturl'), '1alive1', 'the token keeps its leading 1');
  });

  test('a home page that sets no cookie is unknown, and no share request follows', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    fixture.set('baidu', '*', 'nocookie1');
    const start = fixture.requests();
    try {
      const outcome = await checker.check(fixtureLink('baidu', 'alive1'));
      assert.deepEqual([outcome.verdict, outcome.evidence.row], ['unknown', 'unknown-shape']);
      assert.deepEqual(pathsSince(start), ['/']);
    } finally {
      fixture.set('baidu', '*', '*');
    }
  });

  test('without the cookie Baidu redirects to its anti-crawl page: a throttle, and the cookie is fetched again', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    // The fixture redirects any request whose cookie is not its BAIDUID: program the share request to.
    fixture.program('baidu', 'crawl1', { status: 302, body: '', at: 'shorturlinfo', type: 'text/plain' });
    const start = fixture.requests();
    const outcome = await checker.check(fixtureLink('baidu', 'crawl1'));
    fixture.program('baidu', 'crawl1', undefined);
    assert.deepEqual([outcome.verdict, outcome.throttled, outcome.evidence.row], ['unknown', true, 'baidu.shorturlinfo.anti-crawl']);
    await checker.check(fixtureLink('baidu', 'alive1'));
    assert.deepEqual(pathsSince(start), ['/', '/api/shorturlinfo', '/', '/api/shorturlinfo']);
  });

  test('a coded share: the page, then verify with the code; a gone share never reaches verify', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const start = fixture.requests();
    assert.equal((await checker.check(fixtureLink('baidu', 'locked1', FIXTURE_CODE))).verdict, 'alive');
    assert.deepEqual(pathsSince(start), ['/', '/api/shorturlinfo', '/s/1locked1', '/share/verify']);
    const verify = fixture.log().at(-1);
    assert.equal(verify?.body, `pwd=${FIXTURE_CODE}&vcode=&vcode_str=`);
    const query = new URL(verify?.path ?? '', 'http://x').searchParams;
    assert.deepEqual([query.get('surl'), query.get('app_id'), query.get('channel')], ['locked1', '250528', 'chunlei']);
    const middle = fixture.requests();
    assert.equal((await checker.check(fixtureLink('baidu', 'gone9', FIXTURE_CODE))).verdict, 'dead');
    assert.deepEqual(pathsSince(middle), ['/api/shorturlinfo', '/s/1gone9']);
  });

  test('the page follows a redirect within pan.baidu.com, never one off it', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const start = fixture.requests();
    assert.equal((await checker.check(fixtureLink('baidu', 'redirect9'))).verdict, 'locked');
    assert.deepEqual(pathsSince(start), ['/', '/api/shorturlinfo', '/s/1redirect9', '/share/init']);
    const off = fixture.requests();
    const outcome = await checker.check(fixtureLink('baidu', 'off9'));
    assert.deepEqual([outcome.verdict, outcome.throttled], ['unknown', true]);
    assert.deepEqual(pathsSince(off), ['/api/shorturlinfo', '/s/1off9'], 'the anti-crawl host is never asked');
  });
});
