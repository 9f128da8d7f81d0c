/**
 * The refusals a console page can meet, read in the page's language (docs/console.md, "On a phone, in one
 * language"): every refusal the real operations give for what an operator can send from a page, both
 * stores, reads in Chinese with no English word of the tables outside what was typed, which comes through
 * as it was sent; a time inside one is the console's. And through a page: a refused source in Chinese.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { consoleTime } from '../../src/admin/console-time.js';
import { NAMES_TEXT } from '../../src/admin/names-text.js';
import { REFUSALS_ZH } from '../../src/admin/refusal-text.js';
import { SESSION_COOKIE } from '../../src/admin/session-cookie.js';
import { OperationRefused } from '../../src/operations/operation-refused.js';
import { createOperations, type Operations } from '../../src/operations/operations.js';
import { telegramSource, upstreamSource } from '../../src/operations/source-operations.js';
import { LANGUAGE_COOKIE } from '../../src/web/page-language.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { addAccount, signIn } from './support.js';
import { englishWordsIn, problemsOf, TABLE_WORDS } from './text-table-words.js';

const zh = NAMES_TEXT.zh;
const when = (value: string) => consoleTime(value, 'Asia/Shanghai');
const HOUR = 3_600_000;

/** The refusal's message; fails when the work was not refused. */
async function refusalOf(work: () => unknown): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (error instanceof OperationRefused) return error.message;
    throw error;
  }
  assert.fail(`not refused: ${work.toString()}`);
}

for (const store of STORES) {
  describe(`refusals read in the page's language [${store}]`, () => {
    let ctx: TestContext;
    let ops: Operations;
    before(async () => {
      ctx = await createTestContext(store);
      ops = createOperations({ config: ctx.config, database: ctx.services.database, linkChain: ctx.services.links.chain });
      await addAccount(ctx.services.database, 'refused-mod', 'moderator');
    });
    after(() => ctx.close());

    test('every refusal a page can meet reads in Chinese, what was typed as it was sent', async () => {
      const source = telegramSource({ channel: 'dramas_daily', backfill: 10, everyMinutes: 30, type: 'post' });
      await ops.sources.add('cli', source);
      await ctx.services.links.chain.guards.pause('quark', Date.now(), HOUR, 'breaker open');
      const refusals = await Promise.all(
        [
          () => ops.catalogue.importText('cli', 'broken.json', '[{"title": '),
          () => ops.catalogue.importText('cli', 'object.json', '{"title": "one"}', { format: 'json' }),
          () => ops.catalogue.importText('cli', 'wide.csv', `${'x'.repeat(200_000)}\n`),
          () => ops.catalogue.importText('cli', 'header.csv', 'name,url\nA,https://pan.quark.cn/s/a\n'),
          () => telegramSource({ channel: 'a b', backfill: 10, everyMinutes: 30, type: 'post' }),
          () => telegramSource({ channel: 'dramas_weekly', backfill: 10, everyMinutes: 0, type: 'post' }),
          () => upstreamSource({ baseUrl: 'https://upstream.example/?page=2', everyMinutes: 60, types: ['post'] }),
          () => upstreamSource({ baseUrl: 'ftp://upstream.example', everyMinutes: 60, types: ['post'] }),
          () => ops.sources.add('cli', source),
          () => ops.sources.remove('cli', 'no_such_channel'),
          () => ops.catalogue.liftTakedown('cli', 'https://pan.quark.cn/s/never'),
          () => ops.catalogue.takeDown('cli', { pattern: 'pan.quark.cn', match: 'prefix' }),
          () => ops.links.check('cli', 'ftp://pan.quark.cn/s/x'),
          () => ops.links.check('cli', 'https://pan.quark.cn/s/paused1'),
          () => ops.links.showAgain('cli', 'https://pan.quark.cn/s/never-hidden'),
          () => ops.links.dismissReport('cli', 'https://pan.quark.cn/s/never-reported'),
          () => ops.links.resetBreaker('cli', 'dropbox'),
          () => ops.links.allowPastCeiling('cli', 'quark', 0),
        ].map((work) => refusalOf(work)),
      );
      const problems = refusals.flatMap((message) => {
        const pieces = zh.refusal(message, when);
        return pieces.length === 1 && pieces[0] === message ? [`no shape reads "${message}"`] : problemsOf(message, pieces);
      });
      assert.deepEqual(problems, []);
      const paused = refusals.find((message) => message.includes('is paused until')) ?? '';
      assert.doesNotMatch(zh.refusal(paused, when).join(''), /\d{4}-\d\d-\d\dT/, 'the pause ends in the console’s time');
      // Every shape but the pacer's was met; a check past its turn is read in Chinese by console-link-pacing.test.ts.
      const unmet = REFUSALS_ZH.filter(([pattern]) => !refusals.some((message) => pattern.test(message))).map(
        ([pattern]) => pattern.source,
      );
      assert.deepEqual(
        unmet.filter((source) => !source.includes('LINK_CHECK_RATE')),
        [],
      );
    });

    test('a refused source on the page in Chinese says why in Chinese, keeping what was typed', async () => {
      const operator = await signIn(ctx.app, 'refused-mod');
      const page = await operator.post(
        '/admin/sources',
        { kind: 'telegram', target: 'a b' },
        {
          cookie: `${SESSION_COOKIE}=${operator.cookie}; ${LANGUAGE_COOKIE}=zh`,
        },
      );
      assert.equal(page.statusCode, 400);
      const problem = /<p class="problem" role="alert">([\s\S]*?)<\/p>/.exec(page.body)?.[1] ?? '';
      assert.match(problem, /不是公开频道名/);
      assert.match(problem, /<span data-stored>a b<\/span>/);
      assert.deepEqual(englishWordsIn(problem.replace(/<span data-stored>[^<]*<\/span>/g, ''), TABLE_WORDS), []);
    });
  });
}
