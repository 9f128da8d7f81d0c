/**
 * Every row of every provider's table (docs/link-health.md "Providers"), through createLinkChecker against
 * the fixture providers on loopback, and what the one HTTP path guarantees: the common failures are
 * `unknown`, a redirect is not followed, a body past the cap is not read, a hung request ends at its
 * deadline, an abort ends a check, a link of no provider costs no request. No test reaches a real provider.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { CheckOutcome, LinkChecker, Verdict } from '../../src/links/link-checker.js';
import { ForbiddenDestination, providerHttp } from '../../src/links/provider-http.js';
import { createLinkChecker } from '../../src/links/providers/index.js';
import { captchaSign } from '../../src/links/providers/xunlei.js';
import { PROVIDER_IDS, type ProviderId } from '../../src/shared/share-links.js';
import { FIXTURE_CODE, type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';

type Row = [shareId: string, code: string | undefined, verdict: Verdict, throttled?: 'throttled'];

/** Per provider: share id, code in the link, the verdict its fixture answer must get. */
const ROWS: Record<ProviderId, Row[]> = {
  quark: [
    ['alive1', undefined, 'alive'],
    ['locked1', undefined, 'locked'],
    ['locked1', 'wrong1', 'locked'],
    ['locked1', FIXTURE_CODE, 'alive'],
    ['locked41021', undefined, 'locked'],
    ['dead1', undefined, 'dead'],
    ...[41004, 41005, 41006, 41009, 41010, 41011, 41012, 41019, 41024, 41025, 41029, 41030, 41031].map(
      (code): Row => [`dead-${code}`, undefined, 'dead'],
    ),
    ['dead-41013', undefined, 'unknown'],
    ['msgdead1', undefined, 'dead'],
    ['msglock1', undefined, 'locked'],
    ['othercode1', undefined, 'unknown'],
    ['captcha1', undefined, 'unknown', 'throttled'],
    ['nostoken1', undefined, 'unknown'],
    ['empty1', undefined, 'dead'],
    ['nolist1', undefined, 'unknown'],
  ],
  baidu: [
    ['alive1', undefined, 'alive'],
    ['alive1', 'abcd', 'alive'],
    ['locked1', undefined, 'locked'],
    ['locked1', 'wrong1', 'locked'],
    ['locked1', FIXTURE_CODE, 'alive'],
    ['locked12', undefined, 'locked'],
    ['vmissing1', 'abcd', 'locked'],
    ['badrandsk1', 'abcd', 'unknown'],
    ['dead1', undefined, 'dead'],
    ...[-7, -8, 105, 115, 117, 145].map((errno): Row => [`dead-${errno}`, undefined, 'dead']),
    ['dead-1', undefined, 'unknown'],
    ['empty1', undefined, 'dead'],
    ['captcha1', undefined, 'unknown', 'throttled'],
    ['captcha1', 'abcd', 'unknown', 'throttled'],
  ],
  alipan: [
    ['alive1', undefined, 'alive'],
    ['alivetitle1', undefined, 'alive'],
    ['locked1', undefined, 'locked'],
    ['locked1', FIXTURE_CODE, 'alive'],
    ['dead1', undefined, 'dead'],
    ['cancelled1', undefined, 'dead'],
    ['dead-ShareLinkExpired', undefined, 'dead'],
    ['dead-InvalidParameter', undefined, 'unknown'],
    ['empty1', undefined, 'dead'],
    ['nocount1', undefined, 'unknown'],
    ['captcha1', undefined, 'unknown', 'throttled'],
    ['toomany1', undefined, 'unknown', 'throttled'],
  ],
  '123pan': [
    ['alive1', undefined, 'alive'],
    ['locked1', undefined, 'locked'],
    ['locked1', FIXTURE_CODE, 'alive'],
    ['dead1', undefined, 'dead'],
    ['expired1', undefined, 'dead'],
    ['deleted1', undefined, 'dead'],
    ['cancelled1', undefined, 'dead'],
    ['othercode1', undefined, 'unknown'],
    ['firewall1', undefined, 'unknown', 'throttled'],
    ['captcha1', undefined, 'unknown', 'throttled'],
  ],
  tianyi: [
    ['alive1', undefined, 'alive'],
    ['locked1', undefined, 'locked'],
    ['locked1', FIXTURE_CODE, 'alive'],
    ['zeroid1', undefined, 'unknown'],
    ['dead1', undefined, 'dead'],
    ...['ShareInfoNotFound', 'ShareNotFound', 'FileNotFound', 'ShareExpiredError', 'ShareAuditNotPass', 'FolderNotFound'].map(
      (code): Row => [`dead-${code}`, undefined, 'dead'],
    ),
    ['othercode1', undefined, 'unknown'],
    ['captcha1', undefined, 'unknown', 'throttled'],
  ],
  '115': [
    ['alive1', undefined, 'alive'],
    ['locked1', undefined, 'locked'],
    ['locked1', 'wrong1', 'locked'],
    ['locked1', FIXTURE_CODE, 'alive'],
    ['statefalse1', undefined, 'locked'],
    ['statefalse1', 'abcd', 'unknown'],
    ['dead1', undefined, 'dead'],
    ['stateonly1', undefined, 'unknown'],
    ['shareinfo1', undefined, 'alive'],
    ['shareinfo7', undefined, 'dead'],
    ['expired1', undefined, 'dead'],
    ['cancelled1', undefined, 'dead'],
    ['deleted1', undefined, 'dead'],
    ['missing1', undefined, 'dead'],
    ['captcha1', undefined, 'unknown', 'throttled'],
  ],
  uc: [
    ['alive1', undefined, 'alive'],
    ['filename1', undefined, 'alive'],
    ['locked1', undefined, 'locked'],
    ['lockedph1', undefined, 'locked'],
    ['dead1', undefined, 'dead'],
    ['missing1', undefined, 'dead'],
    ['violation1', undefined, 'dead'],
    ['deleted1', undefined, 'dead'],
    ['stopped1', undefined, 'dead'],
    ['captcha1', undefined, 'unknown', 'throttled'],
    ['othererror1', undefined, 'unknown'],
    ['fileslater1', undefined, 'unknown'],
  ],
  xunlei: [
    ['alive1', undefined, 'alive'],
    ['locked1', undefined, 'locked'],
    ['locked1', 'wrong1', 'locked'],
    ['locked1', FIXTURE_CODE, 'alive'],
    ['dead1', undefined, 'dead'],
    ...['NOT_FOUND', 'SENSITIVE_RESOURCE', 'EXPIRED', 'DELETED'].map((status): Row => [`dead-${status}`, undefined, 'dead']),
    ['otherstatus1', undefined, 'unknown'],
    ['captcha1', undefined, 'unknown', 'throttled'],
  ],
};

/** What every provider's last request answers for the common scenarios. */
const COMMON_ROWS: Row[] = [
  ['throttled1', undefined, 'unknown', 'throttled'],
  ['error500', undefined, 'unknown'],
  ['garbage1', undefined, 'unknown'],
  ['oversize1', undefined, 'unknown'],
  ['oversize2', undefined, 'unknown'],
  ['reset1', undefined, 'unknown'],
  ['redirect1', undefined, 'unknown'],
  ['neverheard1', undefined, 'unknown'],
];

function expectOutcome(outcome: CheckOutcome, provider: ProviderId, [, , verdict, throttled]: Row): void {
  assert.equal(outcome.verdict, verdict, outcome.reason);
  assert.equal(outcome.provider, provider);
  assert.equal(outcome.throttled, throttled === 'throttled', outcome.reason);
  assert.ok(outcome.reason.length > 0);
}

describe('provider checkers against the fixture providers', () => {
  let fixture: FixtureProviders;
  let checker: LinkChecker;
  before(async () => {
    fixture = await startFixtureProviders();
    checker = createLinkChecker({ origins: fixture.originMap });
  });
  after(() => fixture.close());

  for (const provider of PROVIDER_IDS) {
    describe(provider, () => {
      for (const row of [...ROWS[provider], ...COMMON_ROWS]) {
        const [shareId, code, verdict, throttled] = row;
        test(`${shareId}${code ? ` with code ${code}` : ''} → ${verdict}${throttled ? ' (throttled)' : ''}`, async () => {
          expectOutcome(await checker.check(fixtureLink(provider, shareId, code)), provider, row);
        });
      }
    });
  }

  test('every outcome keeps its evidence, and the reason line is made from it', async () => {
    const empty = await checker.check(fixtureLink('quark', 'empty1'));
    assert.deepEqual(empty.evidence, { row: 'quark.detail.detail-lists-nothing', status: 200, code: '0', message: 'ok' });
    assert.equal(empty.reason, 'dead: detail code 0 "ok" (HTTP 200, row quark.detail.detail-lists-nothing)');
    const other = await checker.check(fixtureLink('quark', 'othercode1'));
    assert.deepEqual(other.evidence, { row: 'unknown-code', status: 400, code: '40902', message: 'something else' });
    assert.equal(other.reason, 'unknown: token code 40902 "something else" (HTTP 400, row unknown-code)');
    const oversize = await checker.check(fixtureLink('quark', 'oversize1'));
    assert.deepEqual(oversize.evidence, { row: 'body-over-cap', message: 'body over 262144 bytes' });
    const throttled = await checker.check(fixtureLink('alipan', 'throttled1'));
    assert.equal(throttled.evidence.row, 'http-429');
    assert.match(throttled.reason, /^unknown \(throttled\): share .*\(HTTP 429, row http-429\)$/);
  });

  test('a long or multi-line provider message is kept on one line and cut short', async () => {
    fixture.program('quark', 'longmessage1', {
      status: 400,
      at: 'first',
      body: JSON.stringify({ code: 49999, message: `第一行\n${'很长的消息'.repeat(60)}` }),
    });
    const outcome = await checker.check(fixtureLink('quark', 'longmessage1'));
    assert.equal(outcome.evidence.row, 'unknown-code');
    assert.ok((outcome.evidence.message ?? '').length <= 120);
    assert.match(outcome.evidence.message ?? '', /^第一行 很长的消息/);
    assert.doesNotMatch(outcome.reason, /\n/);
  });

  test('Xunlei: a refused captcha handshake is a throttle, and no share request follows', async () => {
    // A fresh checker: it holds no captcha token yet.
    const checker = createLinkChecker({ origins: fixture.originMap });
    fixture.set('xunlei', '*', 'initcaptcha1');
    const before = fixture.requests();
    const refused = await checker.check(fixtureLink('xunlei', 'alive1'));
    fixture.set('xunlei', '*', 'inittoken1');
    const tokenless = await checker.check(fixtureLink('xunlei', 'alive1'));
    fixture.set('xunlei', '*', 'initurl1');
    const person = await checker.check(fixtureLink('xunlei', 'alive1'));
    fixture.set('xunlei', '*', '*');
    assert.deepEqual([refused.verdict, refused.throttled], ['unknown', true]);
    assert.deepEqual([tokenless.verdict, tokenless.throttled], ['unknown', false]);
    assert.deepEqual([person.verdict, person.throttled], ['unknown', true]);
    const paths = fixture
      .log()
      .slice(before)
      .map((request) => request.path);
    assert.deepEqual(paths, ['/v1/shield/captcha/init', '/v1/shield/captcha/init', '/v1/shield/captcha/init']);
  });

  test('Xunlei: the handshake is signed, and the share request carries the token and the client', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const before = fixture.requests();
    await checker.check(fixtureLink('xunlei', 'alive1'));
    const [init, share] = fixture.log().slice(before);
    const meta = JSON.parse(init?.body ?? '{}').meta;
    assert.match(meta.captcha_sign, /^1\.[0-9a-f]{32}$/);
    assert.equal(meta.captcha_sign, captchaSign(String(init?.headers['x-device-id']), meta.timestamp));
    // One signature computed apart from this code (Python's hashlib over the same chain).
    assert.equal(captchaSign('0'.repeat(32), '1700000000000'), '1.db72e808c5163664ed3f8480af0a2d6b');
    assert.equal(share?.headers['x-captcha-token'], 'ck0.fixture-token');
    assert.equal(share?.headers['x-device-id'], init?.headers['x-device-id']);
    assert.match(String(share?.headers['x-device-id']), /^[0-9a-f]{32}$/);
  });

  test('Xunlei: the token is kept for its lifetime, and dropped when a share request is refused', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const before = fixture.requests();
    for (const shareId of ['alive1', 'dead1', 'captcha1', 'locked1']) await checker.check(fixtureLink('xunlei', shareId));
    const paths = fixture
      .log()
      .slice(before)
      .map((request) => new URL(request.path, 'http://x').pathname);
    const init = '/v1/shield/captcha/init';
    const share = '/drive/v1/share';
    assert.deepEqual(paths, [init, share, share, share, init, share]);
  });

  test('a share that dies and comes back (set) is read anew each time', async () => {
    const link = fixtureLink('quark', 'flip1');
    fixture.set('quark', 'flip1', 'dead1');
    assert.equal((await checker.check(link)).verdict, 'dead');
    fixture.set('quark', 'flip1', 'alive1');
    assert.equal((await checker.check(link)).verdict, 'alive');
  });
});

describe('the one HTTP path', () => {
  let fixture: FixtureProviders;
  before(async () => {
    fixture = await startFixtureProviders();
  });
  after(() => fixture.close());

  test('a link of no provider is unsupported and sends nothing', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const before = fixture.requests();
    for (const link of ['https://example.com/s/alive1', 'https://pan.quark.cn.evil.example/s/alive1', 'not a link', '']) {
      assert.deepEqual(await checker.check(link), {
        verdict: 'unsupported',
        provider: undefined,
        reason: 'unsupported: "not a share link of a known provider" (row unsupported)',
        throttled: false,
        evidence: { row: 'unsupported', message: 'not a share link of a known provider' },
      });
    }
    assert.equal(fixture.requests(), before);
  });

  test('held requests wait for release, and the fixture counts what is in flight', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const before = fixture.requests();
    const pending = ['held1', 'held1', 'held1'].map((id) => checker.check(fixtureLink('123pan', id)));
    await fixture.waitForRequests(before + 3);
    assert.equal(fixture.inFlight('123pan'), 3);
    assert.equal(fixture.release(1), 1);
    assert.equal(fixture.release(), 2);
    const outcomes = await Promise.all(pending);
    assert.deepEqual(
      outcomes.map((outcome) => outcome.verdict),
      ['alive', 'alive', 'alive'],
    );
    assert.ok(fixture.maxInFlight('123pan') >= 3);
  });

  test('a redirect is an answer, never followed', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const before = fixture.requests();
    const outcome = await checker.check(fixtureLink('123pan', 'redirect1'));
    assert.equal(outcome.verdict, 'unknown');
    assert.deepEqual([outcome.evidence.row, outcome.evidence.status], ['http-redirect', 302]);
    assert.deepEqual(
      fixture
        .log()
        .slice(before)
        .map((request) => request.path),
      ['/api/share/info?shareKey=redirect1'],
    );
  });

  test('a request that never answers, or never finishes its body, ends at its deadline', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap, timeoutMs: 100 });
    for (const provider of PROVIDER_IDS) {
      for (const shareId of ['hang1', 'slowbody1']) {
        const outcome = await checker.check(fixtureLink(provider, shareId));
        assert.equal(outcome.verdict, 'unknown', `${provider} ${shareId}`);
        assert.deepEqual(outcome.evidence, { row: 'timeout', message: 'timeout after 100 ms' }, `${provider} ${shareId}`);
      }
    }
  });

  test('an abort ends a hung check as unknown', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const controller = new AbortController();
    const before = fixture.requests();
    const pending = checker.check(fixtureLink('tianyi', 'hang1'), controller.signal);
    await fixture.waitForRequests(before + 1);
    controller.abort();
    const outcome = await pending;
    assert.deepEqual([outcome.verdict, outcome.evidence.row], ['unknown', 'aborted']);
    const early = await checker.check(fixtureLink('tianyi', 'alive1'), AbortSignal.abort());
    assert.equal(early.verdict, 'unknown');
    assert.equal(fixture.requests(), before + 1, 'an aborted signal sends nothing');
  });

  test('a check never throws: a failure inside it is unknown with the reason', async () => {
    const broken = createLinkChecker({ origins: { quark: 'not an origin' } });
    const outcome = await broken.check(fixtureLink('quark', 'alive1'));
    assert.equal(outcome.verdict, 'unknown');
    assert.equal(outcome.evidence.row, 'check-failed');
    assert.match(outcome.reason, /check failed: /);
  });

  test('the body cap is the option given', async () => {
    const small = createLinkChecker({ origins: fixture.originMap, bodyCapBytes: 16 });
    const outcome = await small.check(fixtureLink('alipan', 'alive1'));
    assert.deepEqual([outcome.verdict, outcome.reason], ['unknown', 'unknown: share "body over 16 bytes" (row body-over-cap)']);
  });

  test('requests carry a browser User-Agent, the share page as Referer, and the provider headers', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const before = fixture.requests();
    await checker.check(fixtureLink('alipan', 'alive1'));
    await checker.check(fixtureLink('uc', 'alive1'));
    await checker.check(fixtureLink('tianyi', 'alive1'));
    await checker.check(fixtureLink('baidu', 'locked1', FIXTURE_CODE));
    const [alipan, uc, tianyi, verify, list] = fixture.log().slice(before);
    assert.match(alipan?.headers['user-agent'] ?? '', /^Mozilla\/5\.0 \(Windows/);
    assert.equal(alipan?.headers.referer, 'https://www.alipan.com/s/alive1');
    assert.equal(alipan?.headers['x-canary'], 'client=web,app=share,version=v2.3.1');
    assert.match(uc?.headers['user-agent'] ?? '', /Mobile/);
    assert.deepEqual([tianyi?.headers.accept, tianyi?.headers['sign-type']], ['application/json', '1']);
    assert.equal(verify?.body, `pwd=${FIXTURE_CODE}&vcode=&vcode_str=`);
    assert.equal(list?.headers.cookie, 'BDCLND=rk%2Flocked1');
    assert.equal(list?.headers.referer, 'https://pan.baidu.com/s/1locked1');
  });

  test("a request off the provider's hosts is refused before it is sent", async () => {
    const send = providerHttp({ hosts: ['pan.baidu.com'], timeoutMs: 1000, bodyCapBytes: 1024, userAgent: 'x', referer: 'y' });
    for (const url of ['https://evil.example/share/list', 'http://pan.baidu.com/share/list', 'https://pan.baidu.com:8443/x']) {
      await assert.rejects(send({ method: 'GET', url }), ForbiddenDestination);
    }
  });
});
