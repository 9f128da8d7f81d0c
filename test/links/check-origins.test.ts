/** `LINK_CHECK_ORIGINS` (docs/link-health.md): pairs parsed to origins, and the bad ones refused by name. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ConfigError } from '../../src/config/environment.js';
import { parseCheckOrigins } from '../../src/links/check-origins.js';
import { createLinkChecker } from '../../src/links/providers/provider-link-checker.js';
import { fixtureLink, startFixtureProviders } from './fixture-providers.js';

describe('LINK_CHECK_ORIGINS', () => {
  test('pairs become origins; unset or blank is none', () => {
    assert.deepEqual(parseCheckOrigins(undefined), {});
    assert.deepEqual(parseCheckOrigins(' '), {});
    assert.deepEqual(parseCheckOrigins('quark=http://127.0.0.1:41001, 115=https://proxy.example/ ,'), {
      quark: 'http://127.0.0.1:41001',
      '115': 'https://proxy.example',
    });
  });

  test('a bad pair is refused with what is wrong', () => {
    const refused: Array<[string, RegExp]> = [
      ['dropbox=http://127.0.0.1:1', /unknown provider "dropbox" \(known: quark, baidu/],
      ['quark', /is not <provider id>=<origin>/],
      ['quark=127.0.0.1:1', /must be http or https|is not a URL/],
      ['quark=ftp://127.0.0.1', /must be http or https/],
      ['quark=not a url', /is not a URL/],
      ['quark=http://127.0.0.1:1/api', /without path, query or credentials/],
      ['quark=http://127.0.0.1:1?x=1', /without path, query or credentials/],
      ['quark=http://user:pw@127.0.0.1:1', /without path, query or credentials/],
      ['quark=http://127.0.0.1:1,quark=http://127.0.0.1:2', /names provider "quark" twice/],
    ];
    for (const [text, message] of refused) {
      assert.throws(
        () => parseCheckOrigins(text),
        (error: Error) => error instanceof ConfigError && message.test(error.message),
        text,
      );
    }
  });

  test("the fixture's origins value parses and drives a checker", async () => {
    const fixture = await startFixtureProviders();
    try {
      const checker = createLinkChecker({ origins: parseCheckOrigins(fixture.origins) });
      assert.equal((await checker.check(fixtureLink('xunlei', 'alive1'))).verdict, 'alive');
    } finally {
      await fixture.close();
    }
  });
});
