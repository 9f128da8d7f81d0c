/**
 * `dramadex links check|status|hidden|probe` as operators run them, against the fixture providers
 * (LINK_CHECK_ORIGINS), on both stores: verdicts per line and a summary, two dead verdicts (with
 * LINK_CHECK_CONFIRM_MINUTES=0) hide an entry, `hidden` lists it as `remove --file` takes it, `alive`
 * brings it back, `status` counts, and export leaves hidden entries out unless asked.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../support/cli.js';
import { createTestDatabase, STORES } from '../support/harness.js';
import { type FixtureProviders, fixtureLink, startFixtureProviders } from './fixture-providers.js';

for (const store of STORES) {
  describe(`links: the links commands [${store}]`, () => {
    let providers: FixtureProviders;
    let env: Record<string, string>;
    let drop: () => Promise<void>;
    let dir: string;
    const alive = fixtureLink('quark', 'alive1');
    const dying = fixtureLink('baidu', 'climb1');
    const locked = fixtureLink('alipan', 'locked1');
    const other = 'https://example.com/not-a-share';
    before(async () => {
      providers = await startFixtureProviders();
      const database = await createTestDatabase(store);
      drop = database.drop;
      dir = mkdtempSync(join(tmpdir(), 'dramadex-links-'));
      env = {
        DATABASE_URL: database.url,
        LINK_CHECK_ORIGINS: providers.origins,
        LINK_CHECK_CONFIRM_MINUTES: '0',
        LINK_CHECK_RATE: '1000',
      };
      const file = join(dir, 'entries.ndjson');
      const rows = [alive, dying, locked, other].map((link, index) =>
        JSON.stringify({ title: `链接${index}`, source_link: link, type: 'post', update_time: `2026-01-0${index + 1} 10:00:00` }),
      );
      writeFileSync(file, rows.join('\n'));
      assert.equal((await runCli(['import', file], env)).code, 0);
    });
    after(async () => {
      await providers.close();
      await drop();
      rmSync(dir, { recursive: true, force: true });
    });
    const cli = async (...args: string[]) => {
      const result = await runCli(args, env);
      assert.equal(result.code, 0, result.stderr);
      return result.stdout.trim().split('\n');
    };

    test('check the most due, hide after two deads, list hidden, show again on alive', async () => {
      providers.set('baidu', 'climb1', 'dead1');
      const first = await cli('links', 'check');
      const verdicts = (lines: string[]) => lines.slice(0, -1).map((line) => line.split('  ')[0]);
      assert.deepEqual(verdicts(first).sort(), [`alive ${alive}`, `dead ${dying}`, `locked ${locked}`].sort());
      // The reason beside each verdict: what the provider said and the row that decided.
      assert.ok(first.includes(`dead ${dying}  dead: shorturlinfo code -3 (HTTP 200, row baidu.shorturlinfo.-3)`), first.join('\n'));
      assert.match(first.at(-1) ?? '', /^checked 3 links: 1 alive, 1 locked, 1 dead, 0 unknown, 0 unsupported; 0 hidden/);
      assert.deepEqual(await cli('links', 'hidden'), ['']);

      const second = await cli('links', 'check', dying);
      assert.equal(second[0], `dead ${dying}  dead: shorturlinfo code -3 (HTTP 200, row baidu.shorturlinfo.-3)`);
      assert.match(second.at(-1) ?? '', /1 hidden, 0 shown again/);
      assert.deepEqual(await cli('links', 'hidden'), [dying]);
      // --why: the evidence of the verdict that hid it, and when.
      const why = await cli('links', 'hidden', '--why');
      assert.equal(why.length, 1);
      assert.match(why[0] ?? '', new RegExp(`^${dying.replace(/[.?]/g, '\\$&')}  dead: .+ \\(HTTP \\d+, row baidu\\.[^)]+\\) at \\d{4}-`));
      assert.deepEqual(await cli('links', 'hidden', '--provider', 'quark'), ['']);
      assert.ok(!(await cli('export')).some((line) => line.includes(dying)), 'export leaves hidden entries out');
      assert.ok((await cli('export', '--include-hidden')).some((line) => line.includes(dying)));

      const status = (await cli('links', 'status')).join('\n');
      assert.match(status, /^baidu\s+0\s+0\s+1\s+0\s+0\s+0\s+1$/m);
      assert.match(status, /total: 1 alive, 1 locked, 1 dead, 0 unknown, 1 unsupported, 0 unchecked, 1 hidden/);
      assert.match(status, /oldest verdict: \d{4}-/);
      assert.match(status, /^top unknown reasons: none/m);

      // The guards of every provider, shared by the deployment; reset closes one.
      const breaker = await cli('links', 'breaker');
      assert.match(breaker[0] ?? '', /^provider\s+breaker\s+paused\s+rate\/s/);
      assert.match(breaker.join('\n'), /^baidu\s+closed\s+no\s+1000\/1000\s/m);
      assert.equal(breaker.filter((line) => /^\S+\s+(open|closed)\s/.test(line)).length, 8);
      assert.equal((await cli('links', 'breaker', 'reset', 'baidu'))[0], 'baidu: breaker closed, pause lifted');
      const refused = await runCli(['links', 'breaker', 'reset'], env);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /needs a provider/);

      providers.set('baidu', 'climb1', 'alive1');
      const third = await cli('links', 'check', dying);
      assert.equal(third[0]?.split('  ')[0], `alive ${dying}`);
      assert.match(third.at(-1) ?? '', /0 hidden, 1 shown again/);
      assert.deepEqual(await cli('links', 'hidden'), ['']);
    });

    test('probe prints each request and answer, the row and the verdict, and stores nothing', async () => {
      const gone = fixtureLink('quark', 'dead-41004');
      const before = await cli('links', 'status');
      const probe = await cli('links', 'probe', gone);
      assert.deepEqual(probe, [
        '1. POST drive-h.quark.cn /1/clouddrive/share/sharepage/token  HTTP 200  code 41004  "分享已取消"',
        'row quark.token.41004  verdict dead',
        'reason: dead: token code 41004 "分享已取消" (HTTP 200, row quark.token.41004)',
        'nothing was stored (a probe changes no verdict and hides or shows nothing)',
      ]);
      const coded = await cli('links', 'probe', fixtureLink('baidu', 'locked1', 'good1'));
      assert.deepEqual(
        coded.slice(0, 4).map((line) => line.split('  ')[0]),
        [
          '1. GET pan.baidu.com /',
          '2. GET pan.baidu.com /api/shorturlinfo',
          '3. GET pan.baidu.com /s/1locked1',
          '4. POST pan.baidu.com /share/verify',
        ],
      );
      assert.equal(coded[4], 'row baidu.verify.0  verdict alive');
      const obsolete = await cli('links', 'probe', fixtureLink('uc', 'code-41027'));
      assert.equal(obsolete[0], '1. POST pc-api.uc.cn /1/clouddrive/share/sharepage/token  HTTP 400  code 41027  "分享不存在"');
      assert.equal(obsolete[1], 'row uc.token.41027  verdict unknown');
      assert.deepEqual(await cli('links', 'probe', other), [
        'no request sent',
        'row unsupported  verdict unsupported',
        'reason: unsupported: "not a share link of a known provider" (row unsupported)',
        'nothing was stored (a probe changes no verdict and hides or shows nothing)',
      ]);
      // Everything but the last line, the oldest verdict's age, which moves with the clock.
      assert.deepEqual((await cli('links', 'status')).slice(0, -1), before.slice(0, -1), 'a probe changes nothing stored');
    });

    test("123pan: probe asks the link's own host, and www.123684.com when that answers 404", async () => {
      providers.program('123pan', 'alive1', { status: 404, body: '<html>404</html>', type: 'text/html', at: 'get', times: 1 });
      const fellBack = await cli('links', 'probe', 'https://yun.123pan.com/s/alive1');
      assert.deepEqual(fellBack.slice(0, 3), [
        '1. GET yun.123pan.com /b/api/share/get  HTTP 404  no code',
        '2. GET www.123684.com /b/api/share/get  HTTP 200  code 0  "ok"',
        'row 123pan.get.ok  verdict alive',
      ]);
      // Its own host answers: nothing else is asked; a link on the fallback host is asked there once.
      const own = await cli('links', 'probe', 'https://www.123912.com/s/dead1');
      assert.deepEqual(
        own.slice(0, 2).map((line) => line.split('  ')[0]),
        ['1. GET www.123912.com /b/api/share/get', 'row 123pan.get.5103-gone'],
      );
      const fallback = await cli('links', 'probe', 'https://www.123684.com/s/alive1');
      assert.deepEqual(
        fallback.slice(0, 2).map((line) => line.split('  ')[0]),
        ['1. GET www.123684.com /b/api/share/get', 'row 123pan.get.ok'],
      );
    });

    test('probe of a Xunlei link prints the client constants its captcha is signed with', async () => {
      const probe = await cli('links', 'probe', fixtureLink('xunlei', 'alive1'));
      assert.match(probe.join('\n'), /^xunlei client: id ZUBzD9J_XPXfn7f7, version 1\.10\.0\.2633, package com\.xunlei\.browser /m);
      assert.equal(probe.at(-1), 'nothing was stored (a probe changes no verdict and hides or shows nothing)');
    });

    test('refuses an unknown provider with one line', async () => {
      const result = await runCli(['links', 'hidden', '--provider', 'dropbox'], env);
      assert.equal(result.code, 1);
      assert.match(result.stderr, /unknown provider "dropbox"/);
    });
  });
}
