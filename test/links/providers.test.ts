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
import { createLinkChecker } from '../../src/links/providers/provider-link-checker.js';
import { PROVIDERS } from '../../src/links/providers/registry.js';
import { captchaSign } from '../../src/links/providers/xunlei.js';
import { PROVIDER_IDS, type ProviderId } from '../../src/shared/share-links.js';
import { FIXTURE_CODE, type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';
import { MEASURED_DEAD } from './measured-codes.js';

type Row = [shareId: string, code: string | undefined, verdict: Verdict, row: string, throttled?: 'throttled'];

const QUARK_DEAD = MEASURED_DEAD.quarkFamily;
/** Codes older checkers called dead (or that mean nothing about the share): never measured on a dead share. */
const QUARK_UNMEASURED = [41009, 41024, 41025, 41029, 41030, 41019, 41007, 41021, 14021];

/** The rows of the Quark-family tables (Quark and UC answer alike), under the provider's row prefix. */
const quarkFamilyRows = (prefix: string): Row[] => [
  ['alive1', undefined, 'alive', `${prefix}.detail.files`],
  ['locked1', undefined, 'locked', `${prefix}.token.41008`],
  ['locked1', 'wrong1', 'locked', `${prefix}.token.41008`],
  ['locked1', FIXTURE_CODE, 'alive', `${prefix}.detail.files`],
  ['locked41005', undefined, 'locked', `${prefix}.token.41005`],
  ['dead1', undefined, 'dead', `${prefix}.token.41006`],
  ...QUARK_DEAD.map((code): Row => [`dead-${code}`, undefined, 'dead', `${prefix}.token.${code}`]),
  ...QUARK_UNMEASURED.map((code): Row => [`code-${code}`, undefined, 'unknown', 'unknown-code']),
  ['msgdead1', undefined, 'unknown', 'unknown-code'],
  ['othercode1', undefined, 'unknown', 'unknown-code'],
  ['captcha1', undefined, 'unknown', `${prefix}.token.41013`, 'throttled'],
  ['slowwords1', undefined, 'unknown', `${prefix}.token.slow-down`, 'throttled'],
  ['nostoken1', undefined, 'unknown', 'unknown-code'],
  ['empty1', undefined, 'dead', `${prefix}.detail.empty`],
  ['partial1', undefined, 'unknown', `${prefix}.detail.partial-violation`],
  ['nolist1', undefined, 'unknown', 'unknown-code'],
  ['detailbusy1', undefined, 'unknown', `${prefix}.detail.41013`, 'throttled'],
  ['detailslow1', undefined, 'unknown', `${prefix}.detail.slow-down`, 'throttled'],
];

/** Per provider: share id, code in the link, the verdict its fixture answer must get, and the row that decides. */
const ROWS: Record<ProviderId, Row[]> = {
  quark: quarkFamilyRows('quark'),
  uc: [...quarkFamilyRows('uc').filter(([id]) => id !== 'code-41027'), ['code-41027', undefined, 'unknown', 'uc.token.41027']],
  baidu: [
    ['alive1', undefined, 'alive', 'baidu.shorturlinfo.0'],
    ['alive1', 'abcd', 'alive', 'baidu.shorturlinfo.0'],
    ['dead1', undefined, 'dead', 'baidu.shorturlinfo.-3'],
    ['captcha1', undefined, 'unknown', 'baidu.shorturlinfo.-62', 'throttled'],
    ['errno--64', undefined, 'unknown', 'baidu.shorturlinfo.-64', 'throttled'],
    ['errno--65', undefined, 'unknown', 'baidu.shorturlinfo.-65', 'throttled'],
    ['errno-140', undefined, 'unknown', 'unknown-code'],
    ['errno-2', undefined, 'unknown', 'unknown-code'],
    ['noerrno1', undefined, 'unknown', 'unknown-shape'],
    ['locked1', undefined, 'locked', 'baidu.page.asks-code'],
    ['locked1', 'wrong1', 'locked', 'baidu.verify.-9'],
    ['locked1', FIXTURE_CODE, 'alive', 'baidu.verify.0'],
    ['locked21', undefined, 'locked', 'baidu.page.asks-code'],
    ['gone9', undefined, 'dead', 'baidu.page.gone'],
    ['gone9', FIXTURE_CODE, 'dead', 'baidu.page.gone'],
    ['gone21', undefined, 'dead', 'baidu.page.gone'],
    ['page9', undefined, 'unknown', 'unknown-shape'],
    // A live page saying 链接不存在 and 部分文件违规 outside its <title> is not dead (osec, 2026-09-12).
    ['filtered9', undefined, 'unknown', 'unknown-shape'],
    ['filteredcode9', FIXTURE_CODE, 'alive', 'baidu.verify.0'],
    ['redirect9', undefined, 'locked', 'baidu.page.asks-code'],
    ['off9', undefined, 'unknown', 'baidu.page.anti-crawl', 'throttled'],
    ['vfail1', FIXTURE_CODE, 'unknown', 'unknown-code'],
    ['verify--12', FIXTURE_CODE, 'locked', 'baidu.verify.-12'],
    ...[-62, -64, -65].map((errno): Row => [`verify-${errno}`, FIXTURE_CODE, 'unknown', `baidu.verify.${errno}`, 'throttled']),
  ],
  alipan: [
    ['alive1', undefined, 'alive', 'alipan.share.named'],
    ['alivetitle1', undefined, 'alive', 'alipan.share.named'],
    ['locked1', undefined, 'locked', 'alipan.share.needs-code'],
    ['locked1', FIXTURE_CODE, 'alive', 'alipan.share.named'],
    ['dead1', undefined, 'dead', 'alipan.share.NotFound.ShareLink'],
    // A share id holds no dot: `_` in the scenario id stands for the code's `.`.
    ...MEASURED_DEAD.alipan
      .filter((code) => code !== 'NotFound.ShareLink')
      .map((code): Row => [`dead-${code.replace('.', '_')}`, undefined, 'dead', `alipan.share.${code}`]),
    ['removed1', undefined, 'dead', 'alipan.share.content-removed'],
    ['listed1', undefined, 'alive', 'alipan.share.named'],
    // Counts files with no file_infos at all: not the measured dead shape, and not proven alive either.
    ['unlisted1', undefined, 'unknown', 'unknown-shape'],
    ['emptybody1', undefined, 'unknown', 'alipan.share.empty-body', 'throttled'],
    ...['ShareLinkForbidden', 'ShareLinkExpired', 'InvalidParameter'].map(
      (code): Row => [`code-${code.replace('.', '_')}`, undefined, 'unknown', 'unknown-code'],
    ),
    ['empty1', undefined, 'unknown', 'alipan.share.file-count-0'],
    ['emptyunnamed1', undefined, 'unknown', 'alipan.share.file-count-0'],
    ...['TooManyRequests', 'Throttling', 'ParamFlowException'].map(
      (code): Row => [`throttle-${code}`, undefined, 'unknown', `alipan.share.${code}`, 'throttled'],
    ),
    ['captcha1', undefined, 'unknown', 'alipan.share.TooManyRequests', 'throttled'],
  ],
  '123pan': [
    ['alive1', undefined, 'alive', '123pan.get.ok'],
    ['locked1', undefined, 'locked', '123pan.get.5103-wrong-code'],
    ['locked1', 'wrong1', 'locked', '123pan.get.5103-wrong-code'],
    ['locked1', FIXTURE_CODE, 'alive', '123pan.get.ok'],
    ['dead1', undefined, 'dead', '123pan.get.5103-gone'],
    ['expired1', undefined, 'dead', '123pan.get.expired'],
    ['msg5103', undefined, 'unknown', 'unknown-code'],
    ['othercode1', undefined, 'unknown', 'unknown-code'],
    ['firewall1', undefined, 'unknown', '123pan.get.403', 'throttled'],
    ['captcha1', undefined, 'unknown', '123pan.get.403', 'throttled'],
  ],
  tianyi: [
    ['alive1', undefined, 'alive', 'tianyi.info.shared'],
    ['alive1', 'abcd', 'alive', 'tianyi.info.shared'],
    ['locked1', undefined, 'locked', 'tianyi.info.needs-code'],
    ['locked1', 'wrong1', 'locked', 'tianyi.access.ErrorAccessCode'],
    ['locked1', FIXTURE_CODE, 'alive', 'tianyi.access.shared'],
    ['zeroid1', undefined, 'unknown', 'unknown-code'],
    ['dead1', undefined, 'dead', 'tianyi.info.ShareNotFound'],
    ...MEASURED_DEAD.tianyi.flatMap((code): Row[] => [
      [`dead-${code}`, undefined, 'dead', `tianyi.info.${code}`],
      [`envelope-${code}`, undefined, 'dead', `tianyi.info.${code}`],
    ]),
    ['envelope-InternalError', undefined, 'unknown', 'unknown-code'],
    ['othercode1', undefined, 'unknown', 'unknown-code'],
    ['captcha1', undefined, 'unknown', 'tianyi.info.slow-down', 'throttled'],
  ],
  '115': [
    ['alive1', undefined, 'alive', '115.snap.state-1'],
    ['alivestr1', undefined, 'alive', '115.snap.state-1'],
    ['shareinfo1', undefined, 'alive', '115.snap.state-1'],
    ['locked1', undefined, 'locked', '115.snap.4100012'],
    ['locked1', 'wrong1', 'locked', '115.snap.4100008'],
    ['locked1', FIXTURE_CODE, 'alive', '115.snap.state-1'],
    ['dead1', undefined, 'dead', '115.snap.state-7'],
    ['dead7str', undefined, 'dead', '115.snap.state-7'],
    ['dead-4100009', undefined, 'dead', '115.snap.4100009'],
    ['dead-4100026', undefined, 'dead', '115.snap.4100026'],
    ['forged1', undefined, 'unknown', 'unknown-code'],
    ['stateonly1', undefined, 'unknown', 'unknown-code'],
    ['state01', undefined, 'unknown', 'unknown-code'],
    ['captcha1', undefined, 'unknown', '115.snap.slow-down', 'throttled'],
  ],
  xunlei: [
    ['alive1', undefined, 'alive', 'xunlei.share.OK'],
    ['locked1', undefined, 'locked', 'xunlei.share.PASS_CODE_EMPTY'],
    ['locked1', 'wrong1', 'locked', 'xunlei.share.PASS_CODE_ERROR'],
    ['locked1', FIXTURE_CODE, 'alive', 'xunlei.share.OK'],
    ['dead1', undefined, 'dead', 'xunlei.share.NOT_FOUND'],
    ...MEASURED_DEAD.xunlei.map((status): Row => [`dead-${status}`, undefined, 'dead', `xunlei.share.${status}`]),
    ...['BANNED', 'CANCEL', 'AUDITING'].map((status): Row => [`code-${status}`, undefined, 'unknown', 'unknown-code']),
    ['captcha1', undefined, 'unknown', 'xunlei.share.captcha_invalid', 'throttled'],
  ],
};

/** What every provider's last request answers for the common scenarios (Baidu reads any redirect as its anti-crawl page). */
const commonRows = (provider: ProviderId): Row[] => [
  ['throttled1', undefined, 'unknown', 'http-429', 'throttled'],
  ['error500', undefined, 'unknown', 'http-status'],
  ['garbage1', undefined, 'unknown', 'unknown-shape'],
  ['oversize1', undefined, 'unknown', 'body-over-cap'],
  ['oversize2', undefined, 'unknown', 'body-over-cap'],
  ['reset1', undefined, 'unknown', 'request-failed'],
  provider === 'baidu'
    ? ['redirect1', undefined, 'unknown', 'baidu.shorturlinfo.anti-crawl', 'throttled']
    : ['redirect1', undefined, 'unknown', 'http-redirect'],
  ['neverheard1', undefined, 'unknown', 'unknown-shape'],
];

function expectOutcome(outcome: CheckOutcome, provider: ProviderId, [, , verdict, row, throttled]: Row): void {
  assert.equal(outcome.verdict, verdict, outcome.reason);
  assert.equal(outcome.provider, provider);
  assert.equal(outcome.evidence.row, row, outcome.reason);
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
      for (const row of [...ROWS[provider], ...commonRows(provider)]) {
        const [shareId, code, verdict, , throttled] = row;
        test(`${shareId}${code ? ` with code ${code}` : ''} → ${verdict}${throttled ? ' (throttled)' : ''}`, async () => {
          expectOutcome(await checker.check(fixtureLink(provider, shareId, code)), provider, row);
        });
      }
    });
  }

  test('every row of every table that decides is a tested row above', () => {
    // The handshake's refusals are rows of the Xunlei tests below.
    const elsewhere = ['xunlei.captcha.url', 'xunlei.captcha.refused'];
    const tested = new Set([
      ...PROVIDER_IDS.flatMap((provider) => [...ROWS[provider], ...commonRows(provider)].map(([, , , row]) => row)),
      ...elsewhere,
    ]);
    const untested = PROVIDER_IDS.flatMap((provider) => PROVIDERS[provider].rows)
      .filter((row) => row.means !== 'next')
      .map((row) => row.id)
      .filter((id) => !tested.has(id));
    assert.deepEqual(untested, []);
  });

  test('every outcome keeps its evidence, and the reason line is made from it', async () => {
    const empty = await checker.check(fixtureLink('quark', 'empty1'));
    assert.deepEqual(empty.evidence, { row: 'quark.detail.empty', status: 200, code: '0', message: 'ok' });
    assert.equal(empty.reason, 'dead: detail code 0 "ok" (HTTP 200, row quark.detail.empty)');
    const gone = await checker.check(fixtureLink('quark', 'dead-41004'));
    assert.equal(gone.reason, 'dead: token code 41004 "分享已取消" (HTTP 200, row quark.token.41004)');
    const banned = await checker.check(fixtureLink('quark', 'dead-41010'));
    assert.deepEqual([banned.verdict, banned.evidence.status], ['dead', 403]);
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
    assert.deepEqual([refused.verdict, refused.throttled, refused.evidence.row], ['unknown', true, 'xunlei.captcha.refused']);
    assert.deepEqual([tokenless.verdict, tokenless.throttled], ['unknown', false]);
    assert.deepEqual([person.verdict, person.throttled, person.evidence.row], ['unknown', true, 'xunlei.captcha.url']);
    const paths = fixture
      .log()
      .slice(before)
      .map((request) => request.path);
    assert.deepEqual(paths, ['/v1/shield/captcha/init', '/v1/shield/captcha/init', '/v1/shield/captcha/init']);
  });

  test('Xunlei: a captcha token per check, never reused (docs/link-health.md "Xunlei")', async () => {
    const checker = createLinkChecker({ origins: fixture.originMap });
    const before = fixture.requests();
    await checker.check(fixtureLink('xunlei', 'alive1'));
    await checker.check(fixtureLink('xunlei', 'alive1'));
    const paths = fixture
      .log()
      .slice(before)
      .map((request) => request.path.split('?')[0]);
    assert.deepEqual(paths, ['/v1/shield/captcha/init', '/drive/v1/share', '/v1/shield/captcha/init', '/drive/v1/share']);
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
      [
        `/b/api/share/get?${new URLSearchParams({ limit: '1', next: '1', orderBy: 'share_id', orderDirection: 'desc', shareKey: 'redirect1', SharePwd: '', ParentFileId: '0', Page: '1' })}`,
      ],
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
    assert.equal(outcome.evidence.row, 'request-failed');
    assert.match(outcome.reason, /Invalid URL/);
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
    await checker.check(fixtureLink('123pan', 'alive1'));
    const [alipan, ucToken, ucDetail, tianyi, pan123] = fixture.log().slice(before);
    assert.match(alipan?.headers['user-agent'] ?? '', /^Mozilla\/5\.0 \(Windows/);
    assert.equal(alipan?.headers.referer, 'https://www.alipan.com/s/alive1');
    assert.equal(alipan?.headers['x-canary'], 'client=web,app=share,version=v2.3.1');
    for (const request of [ucToken, ucDetail]) {
      assert.deepEqual([request?.headers.origin, request?.headers.referer], ['https://drive.uc.cn', 'https://drive.uc.cn/']);
    }
    assert.equal(ucToken?.path, '/1/clouddrive/share/sharepage/token?pr=UCBrowser&fr=pc');
    assert.deepEqual([tianyi?.headers.accept, tianyi?.headers['sign-type']], ['application/json', '1']);
    assert.deepEqual([pan123?.headers.platform, pan123?.headers['app-version']], ['web', '3']);
  });

  test("a request off the provider's hosts is refused before it is sent", async () => {
    const send = providerHttp({ hosts: ['pan.baidu.com'], timeoutMs: 1000, bodyCapBytes: 1024, userAgent: 'x', referer: 'y' });
    for (const url of ['https://evil.example/share/list', 'http://pan.baidu.com/share/list', 'https://pan.baidu.com:8443/x']) {
      await assert.rejects(send({ method: 'GET', url }), ForbiddenDestination);
    }
  });
});
