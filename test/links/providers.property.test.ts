/**
 * The tables only decide on what they know (docs/link-health.md "Providers"): any body outside a table,
 * random text, random JSON, JSON with the providers' own field names but values no row names, pages with
 * elements no row reads, at any request of a check and with any usual status, is never `alive` or
 * `dead`. fast-check prints the seed and the shrunk counterexample when it fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { createLinkChecker } from '../../src/links/providers/provider-link-checker.js';
import { PROVIDER_IDS, type ProviderId } from '../../src/shared/share-links.js';
import { assertProperty } from '../support/property.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';
import { MEASURED_DEAD } from './measured-codes.js';

/** Words the tables name (codes, statuses); a random string equal to one is not "outside the table". */
const NAMED =
  /^(OK|NOT_FOUND|SENSITIVE_RESOURCE|EXPIRED|DELETED|PASS_CODE_EMPTY|PASS_CODE_ERROR|NotFound\.ShareLink|ShareLink\.\w+|ForbiddenShareLinkViolation|Share\w*|FileNotFound|FolderNotFound|\d+)$/;
const offString = fc.string({ maxLength: 12 }).filter((text) => !NAMED.test(text));
/** Numbers no row names: every code, errno, count and id a row tests is above -1000. */
const offNumber = fc.integer({ min: -1_000_000, max: -1000 });
/** Scalars, and near misses of the values rows name: the right value in the wrong type. */
const offScalar = fc.oneof(
  offString,
  offNumber,
  { arbitrary: fc.boolean(), weight: 2 },
  fc.constant(null),
  fc.constantFrom('0', 'true', '', '01', '1.0'),
);
const offValue = fc.oneof(
  { arbitrary: offScalar, weight: 4 },
  fc.array(offScalar, { maxLength: 3 }),
  fc.dictionary(offString, offScalar, { maxKeys: 3 }),
);

/** Per provider, the fields its table reads (top level and under `data`), to fill with values no row names. */
const FIELDS: Record<ProviderId, [string[], string[]]> = {
  quark: [
    ['code', 'message'],
    ['stoken', 'list', 'share'],
  ],
  uc: [
    ['code', 'message'],
    ['stoken', 'list', 'share'],
  ],
  baidu: [['errno', 'show_msg'], []],
  // Not share_name or share_title: any name at all says the share exists.
  alipan: [['code', 'file_count', 'has_pwd'], []],
  '123pan': [
    ['code', 'message'],
    ['Expired', 'InfoList'],
  ],
  tianyi: [['res_code', 'res_message', 'shareId', 'needAccessCode', 'errorCode'], []],
  '115': [
    ['state', 'error', 'errno'],
    ['share_state', 'list', 'shareinfo'],
  ],
  xunlei: [['captcha_token', 'error', 'share_status'], []],
};
const namedFields = (provider: ProviderId) => {
  const [top, data] = FIELDS[provider];
  const fields = fc.dictionary(fc.constantFrom(...top), offValue, { maxKeys: top.length });
  const nested = data.length ? fc.option(fc.dictionary(fc.constantFrom(...data), offValue, { maxKeys: data.length })) : fc.constant(null);
  return fc.tuple(fields, nested).map(([fieldsOf, dataOf]) => JSON.stringify(dataOf ? { ...fieldsOf, data: dataOf } : fieldsOf));
};

const element = fc
  .tuple(
    fc.constantFrom('div', 'span', 'p', 'input', 'ul'),
    offString.filter((text) => !/file-(list|item)/.test(text)),
    offString,
  )
  .map(([tag, name, text]) => `<${tag} class="${name} error">${text}</${tag}>`);
const page = fc.array(element, { maxLength: 5 }).map((elements) => `<!doctype html><html><body>${elements.join('')}</body></html>`);

describe('bodies outside the tables', () => {
  let fixture: FixtureProviders;
  before(async () => {
    fixture = await startFixtureProviders();
  });
  after(() => fixture.close());

  for (const provider of PROVIDER_IDS) {
    test(`${provider}: never alive or dead, at any of its requests`, async () => {
      const body = fc.oneof(fc.string(), fc.json(), { arbitrary: namedFields(provider), weight: 3 }, page);
      await assertProperty(
        fc.asyncProperty(
          fc.constantFrom('first' as const, 'last' as const),
          fc.constantFrom(200, 200, 400, 403, 404),
          body,
          fc.option(fc.constantFrom('abcd', 'good1')),
          async (at, status, text, code) => {
            // Xunlei's first request names no share: the fixture answers it as share `*`.
            const programmedId = provider === 'xunlei' && at === 'first' ? '*' : 'custom1';
            fixture.program(provider, programmedId, { status, body: text, type: 'application/json', at });
            try {
              // A fresh checker each run: Xunlei's would otherwise keep a token and skip its first request.
              const checker = createLinkChecker({ origins: fixture.originMap });
              const outcome = await checker.check(fixtureLink(provider, 'custom1', code ?? undefined));
              assert.ok(!['alive', 'dead'].includes(outcome.verdict), `${at}: ${outcome.verdict} (${outcome.reason})`);
            } finally {
              fixture.program(provider, programmedId, undefined);
            }
          },
        ),
        { numRuns: 200 },
      );
    });
  }
});

/**
 * The law of docs/link-health.md "Providers": `dead` comes only from a code someone measured on dead
 * shares, and message text never decides. Per provider, an answer with any code (measured ones among
 * arbitrary numbers and strings) and any message (arbitrary text, and text saying 不存在, 已失效, …):
 * the verdict is never `dead` for a code outside the measured list, and it is the same as with a message
 * that says nothing (or `unknown`, when the message asks to slow down). The one exception is 123pan's
 * 5103, whose two measured messages are compared whole.
 */
interface CodeShape {
  /** The step whose answer carries the code (a step name for the fixture's `program`). */
  at: string;
  body: (code: unknown, message: string) => unknown;
  status?: number;
  measuredDead: readonly unknown[];
  named: readonly unknown[];
}

const QUARK_FAMILY: Omit<CodeShape, 'at'> = {
  body: (code, message) => ({ status: 400, code, message }),
  measuredDead: MEASURED_DEAD.quarkFamily,
  named: [0, 41005, 41008, 41013, 41027],
};
const SHAPES: Record<ProviderId, CodeShape> = {
  quark: { at: 'token', ...QUARK_FAMILY },
  uc: { at: 'token', ...QUARK_FAMILY },
  baidu: { at: 'shorturlinfo', body: (errno, show_msg) => ({ errno, show_msg }), measuredDead: [-3], named: [0, -9, -21, -62, -64, -65] },
  alipan: {
    at: 'share',
    body: (code, message) => ({ code, message }),
    status: 400,
    measuredDead: MEASURED_DEAD.alipan,
    named: ['TooManyRequests', 'Throttling', 'ParamFlowException', 'ShareLinkForbidden', 'ShareLinkExpired'],
  },
  '123pan': { at: 'get', body: (code, message) => ({ code, message, data: null }), measuredDead: [], named: [0, 5103] },
  tianyi: {
    at: 'info',
    body: (res_code, res_message) => ({ res_code, res_message }),
    measuredDead: MEASURED_DEAD.tianyi,
    named: [0, 'ErrorAccessCode'],
  },
  '115': {
    at: 'snap',
    body: (errno, error) => ({ state: false, errno, error }),
    measuredDead: MEASURED_DEAD['115'],
    named: [4100012, 4100008, 990002],
  },
  xunlei: {
    at: 'share',
    body: (share_status, share_status_text) => ({ share_status, share_status_text, error_description: share_status_text }),
    measuredDead: MEASURED_DEAD.xunlei,
    named: ['OK', 'PASS_CODE_EMPTY', 'PASS_CODE_ERROR', 'BANNED', 'CANCEL'],
  },
};

const GONE_WORDS = [
  '分享不存在',
  '此分享不存在',
  '链接不存在',
  '已失效',
  '链接已失效',
  '分享已取消',
  '文件已删除',
  '已过期',
  '违规',
  'not found',
  'expired',
  'deleted',
];
const message = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(...GONE_WORDS),
  fc.tuple(fc.string({ maxLength: 6 }), fc.constantFrom(...GONE_WORDS), fc.string({ maxLength: 6 })).map((parts) => parts.join('')),
);

describe('codes and messages', () => {
  let fixture: FixtureProviders;
  before(async () => {
    fixture = await startFixtureProviders();
  });
  after(() => fixture.close());

  for (const provider of PROVIDER_IDS) {
    test(`${provider}: only a measured code says dead, and the message never changes the verdict`, async () => {
      const shape = SHAPES[provider];
      const code = fc.oneof(
        fc.constantFrom(...shape.measuredDead, ...shape.named),
        fc.integer({ min: -100_000, max: 5_000_000 }),
        fc.string({ maxLength: 24 }),
      );
      const checkWith = async (codeValue: unknown, text: string) => {
        fixture.program(provider, 'said1', {
          status: shape.status ?? 200,
          body: JSON.stringify(shape.body(codeValue, text)),
          type: 'application/json',
          at: shape.at,
        });
        try {
          return await createLinkChecker({ origins: fixture.originMap }).check(fixtureLink(provider, 'said1'));
        } finally {
          fixture.program(provider, 'said1', undefined);
        }
      };
      await assertProperty(
        fc.asyncProperty(code, message, async (codeValue, text) => {
          const outcome = await checkWith(codeValue, text);
          const measured = shape.measuredDead.includes(codeValue);
          const pan123Exception = provider === '123pan' && codeValue === 5103;
          // The checker compares 123pan's message trimmed, so a gone message with spaces around it is the measured one.
          if (!measured && !(pan123Exception && text.trim() === '此分享不存在')) {
            assert.notEqual(outcome.verdict, 'dead', `code ${String(codeValue)} "${text}": ${outcome.reason}`);
          }
          if (!pan123Exception) {
            // A message may only make a check give up (a throttle word is `unknown`), never decide it.
            const neutral = await checkWith(codeValue, 'x');
            assert.ok(
              outcome.verdict === neutral.verdict || outcome.verdict === 'unknown',
              `the message "${text}" turned ${neutral.verdict} into ${outcome.verdict} for code ${String(codeValue)}`,
            );
          }
        }),
        { numRuns: 120 },
      );
    });
  }
});
