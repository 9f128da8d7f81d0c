/**
 * The tables only decide on what they know (docs/link-health.md "Providers"): any body outside a table,
 * random text, random JSON, JSON with the providers' own field names but values no row names, pages with
 * elements no row reads, at any request of a check and with any usual status, is never `alive` or
 * `dead`. fast-check prints the seed and the shrunk counterexample when it fails.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { createLinkChecker } from '../../src/links/providers/index.js';
import { PROVIDER_IDS, type ProviderId } from '../../src/shared/share-links.js';
import { assertProperty } from '../support/property.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';

/** Words the tables name (codes, statuses); a random string equal to one is not "outside the table". */
const NAMED =
  /^(OK|NOT_FOUND|SENSITIVE_RESOURCE|EXPIRED|DELETED|PASS_CODE_EMPTY|PASS_CODE_ERROR|NotFound\.ShareLink|ShareLink\.Cancelled|ShareLinkExpired|Share\w*|FileNotFound|FolderNotFound)$/;
const offString = fc.string({ maxLength: 12 }).filter((text) => !NAMED.test(text));
/** Numbers no row names: every code, errno, count and id a row tests is above -1000. */
const offNumber = fc.integer({ min: -1_000_000, max: -1000 });
/** Scalars, and near misses of the values rows name: the right value in the wrong type. */
const offScalar = fc.oneof(
  offString,
  offNumber,
  { arbitrary: fc.boolean(), weight: 2 },
  fc.constant(null),
  fc.constantFrom('0', '1', '7', 'true', ''),
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
    ['stoken', 'list'],
  ],
  baidu: [['errno', 'randsk', 'list'], []],
  alipan: [['code', 'share_name', 'share_title', 'file_count', 'has_pwd'], []],
  '123pan': [['code', 'message'], ['HasPwd']],
  tianyi: [['res_code', 'res_message', 'shareId', 'needAccessCode'], []],
  '115': [
    ['state', 'error'],
    ['share_state', 'list'],
  ],
  uc: [['error'], []],
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
