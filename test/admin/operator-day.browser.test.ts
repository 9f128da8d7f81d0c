// An operator's day in a real browser (headless Chromium through playwright-core, both stores;
// docs/console.md, "Confirming", "Signing in", "Entries"): the entries page pages on and back with its
// filters kept, by type, source, verdict and hidden; each destructive action not covered by
// operations.browser.test.ts (revoking a key, lifting a takedown, removing a source) asks first naming what
// it touches, cancelling leaves it, confirming acts once and lands on a result page that a reload only
// reads, and the audit page names it; a hidden entry is shown again. Then sign-in under guessing: a stranger
// failing six times from the owner's address slows the address (the page tells the wait) but never keeps
// the owner out, and a locked account's name answers 429 until `dramadex admin unlock` lifts it. The
// throttle counts in memory by `Date`, so the 30 seconds and 15 minutes pass on a fake clock, not a sleep.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, mock, test } from 'node:test';
import type { Page } from 'playwright-core';
import { AuditLog } from '../../src/operations/audit-log.js';
import { unlockSignIn } from '../../src/operations/sign-in-unlock.js';
import { recordSource } from '../../src/sources/entry-sources.js';
import { SourceStore } from '../../src/sources/source-store.js';
import { FixtureTelegram } from '../sources/fixture-telegram.js';
import { chromiumMissing, launchChromium } from '../support/chromium.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { signedInPage } from './browser-sign-in.js';
import { externalEntries, HIDE_AT_ONCE, numberedEpisodes, recordVerdicts } from './seeded-verdicts.js';
import { addAccount, PASSWORD, signIn } from './support.js';

const missing = chromiumMissing();
const quark = (id: string) => `https://pan.quark.cn/s/day${id}`;
const baidu = (id: string) => `https://pan.baidu.com/s/1day${id}`;

if (missing && process.env.CI === 'true') {
  test("the operator's day browser suite needs Chromium under CI", () => assert.fail(`${missing}; .ci/run installs it`));
}

/** The links of the entry cards the page lists, in order. */
const listed = (page: Page) =>
  page.locator('#entries > li.card').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-link')));
const noticeOf = async (page: Page) => (await page.textContent('main p.notice')) ?? '';
/** Audit rows with this action about this target. */
const auditRows = (page: Page, action: string, target: string) =>
  page.locator('#audit tr', { hasText: target }).locator(`td[data-action="${action}"]`).count();

/** Submits a form by its button and waits for the page it lands on. */
async function submit(page: Page, button: ReturnType<Page['locator']>, url: string | RegExp) {
  await Promise.all([page.waitForURL(url), button.click()]);
}

for (const store of STORES) {
  describe(`an operator's day in Chromium [${store}]`, { skip: missing && process.env.CI !== 'true' ? missing : false }, () => {
    let ctx: TestContext;
    let telegram: FixtureTelegram;
    let base: string;
    before(async () => {
      telegram = new FixtureTelegram();
      ctx = await createTestContext(store, { TELEGRAM_ORIGIN: await telegram.listen(), ...HIDE_AT_ONCE });
      await addAccount(ctx.services.database, 'day-owner', 'owner');
      await addAccount(ctx.services.database, 'day-locked', 'moderator');
      const episodes = numberedEpisodes(60, '日常剧', quark);
      const external = externalEntries(3, '日常外部剧', baidu);
      const toShow = { title: '待重新显示的剧', source_link: quark('show'), type: 'movie' as const, update_time: '2024-05-02 10:00:00' };
      await ctx.importEntries([...episodes, ...external, toShow]);
      await recordVerdicts(ctx, { hidden: [quark('007'), quark('show')], alive: [quark('008')] });
      // A registered channel that brought two episodes in, as its poll records them (sources/telegram-source.ts).
      await new SourceStore(ctx.services.database).add(
        { name: 'day_paging', kind: 'telegram', settings: { channel: 'day_paging', type: 'post', backfill: 0 }, everyMinutes: 60 },
        new Date(),
      );
      await recordSource(ctx.services.database, { kind: 'telegram', name: 'day_paging' }, [quark('001'), quark('002')]);
      // A takedown to lift, added as the form adds one.
      const owner = await signIn(ctx.app, 'day-owner');
      const added = await owner.post('/admin/takedowns', { link: quark('gone'), match: 'exact', reason: '测试', confirm: '1' });
      assert.equal(added.statusCode, 303, added.body);
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(async () => {
      await ctx.close();
      await telegram.close();
    });
    afterEach(() => mock.timers.reset());

    test('entries: next page and back, filters by type, source, verdict and hidden, kept while paging', async () => {
      const { browser, page } = await signedInPage(base, 'day-owner', { viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      try {
        await page.goto(`${base}/admin/entries`);
        await page.fill('#q', '日常剧');
        await submit(page, page.locator('form[role=search] button[type=submit]'), /\/admin\/entries\?q=/);
        assert.equal((await listed(page)).length, 50);
        assert.equal(await page.getAttribute('#entries-count', 'data-total'), '60', 'every episode, the hidden one included');
        const first = await listed(page);
        await submit(page, page.locator('nav.pager a[rel=next]'), /page=1/);
        const second = await listed(page);
        assert.equal(second.length, 10);
        assert.equal(new Set([...first, ...second]).size, 60, 'nothing listed twice');
        await submit(page, page.locator('nav.pager a[rel=prev]'), /page=0|entries\?q=[^&]*$/);
        assert.deepEqual(await listed(page), first, 'back to the same first page');

        // Links are clickable: an <a href> to the share link itself.
        const card = page.locator('#entries > li.card', { hasText: '日常剧第59集' });
        assert.equal(await card.locator('p.link a').getAttribute('href'), quark('058'));

        const filter = async (fields: Record<string, string>) => {
          await page.goto(`${base}/admin/entries`);
          for (const [id, value] of Object.entries(fields)) {
            if (id === 'q') await page.fill('#q', value);
            else await page.selectOption(`#filter-${id}`, value);
          }
          await submit(page, page.locator('form[role=search] button[type=submit]'), /\/admin\/entries\?/);
          return listed(page);
        };
        assert.deepEqual((await filter({ type: 'extsrc' })).sort(), [0, 1, 2].map((id) => baidu(String(id))).sort());
        assert.deepEqual((await filter({ source: 'tg:day_paging' })).sort(), [quark('001'), quark('002')]);
        assert.ok(await page.locator('#entries li.card', { hasText: '日常剧第2集' }).count());
        assert.deepEqual(await filter({ verdict: 'alive' }), [quark('008')]);
        assert.deepEqual(await filter({ verdict: 'dead', q: '日常剧' }), [quark('007')]);
        assert.deepEqual((await filter({ hidden: 'only' })).sort(), [quark('007'), quark('show')].sort());
        assert.equal(await page.locator('#entries li.card.hidden-entry').count(), 2, 'both marked hidden');

        // A filter survives paging: type post, not hidden: 59 episodes, the second page has 9, all posts.
        const posts = await filter({ type: 'post', hidden: 'none' });
        assert.equal(posts.length, 50);
        assert.equal(await page.getAttribute('#entries-count', 'data-total'), '59');
        await submit(page, page.locator('nav.pager a[rel=next]'), /page=1/);
        const url = new URL(page.url());
        assert.deepEqual(
          [url.searchParams.get('type'), url.searchParams.get('hidden')],
          ['post', 'none'],
          'the filter is in the next link',
        );
        assert.equal(await page.inputValue('#filter-type'), 'post', 'the form still shows the filter');
        assert.equal(await page.inputValue('#filter-hidden'), 'none');
        assert.equal((await listed(page)).length, 9);
        assert.equal(await page.locator('#entries li.card.hidden-entry').count(), 0);
        await submit(page, page.locator('nav.pager a[rel=prev]'), /page=0|type=post/);
        assert.deepEqual(await listed(page), posts, 'the same filtered first page');
      } finally {
        await browser.close();
      }
    });

    test('revoke a key, lift a takedown, remove a source: asked first, cancellable, done once, audited', async () => {
      telegram.channel('day_channel', [{ id: 1, time: '2024-06-03T10:00:00+00:00', html: '频道的剧<br>https://pan.quark.cn/s/daych1' }]);
      const { browser, page } = await signedInPage(base, 'day-owner', { viewport: { width: 1280, height: 900 } });
      /** Asks, checks the confirm page names `named`, cancels back to `list`, asks again and confirms. */
      const askCancelConfirm = async (
        button: () => ReturnType<Page['locator']>,
        asked: string,
        named: RegExp[],
        list: string,
        done: RegExp,
      ) => {
        await submit(page, button(), `${base}${asked}`);
        const facts = (await page.textContent('#confirm-facts')) ?? '';
        for (const name of named) assert.match(facts, name);
        await submit(page, page.getByRole('link', { name: '取消' }), `${base}${list}`);
        await submit(page, button(), `${base}${asked}`);
        await submit(page, page.locator('[data-confirm]'), done);
      };
      try {
        // Revoking a key: by its id and label.
        await page.goto(`${base}/admin/keys`);
        await page.fill('#rate', '5');
        await page.fill('#label', '日常测试密钥');
        await submit(page, page.locator('form[action="/admin/keys"] button[type=submit]'), `${base}/admin/keys`);
        const id = (await page.locator('form[action="/admin/keys/revoke"] input[name=id]').first().getAttribute('value')) ?? '';
        assert.match(id, /^\d+$/);
        const revokeButton = () => page.locator(`form[action="/admin/keys/revoke"]:has(input[name=id][value="${id}"]) button`);
        await askCancelConfirm(
          revokeButton,
          '/admin/keys/revoke',
          [new RegExp(`\\b${id}\\b`), /日常测试密钥/],
          '/admin/keys',
          /done=revoked/,
        );
        assert.equal(await revokeButton().count(), 0, 'revoked: no revoke button left');
        await page.reload();
        assert.match(await noticeOf(page), new RegExp(`密钥 ${id} 已吊销`));
        const stored = await ctx.services.database.db
          .selectFrom('api_keys')
          .select('revoked_at')
          .where('id', '=', Number(id))
          .executeTakeFirst();
        assert.ok(stored?.revoked_at, 'the store has it revoked');

        // Lifting a takedown: by its link.
        await page.goto(`${base}/admin/takedowns`);
        const liftButton = () =>
          page.locator('form[action="/admin/takedowns/lift"]', { has: page.locator(`input[value="${quark('gone')}"]`) }).locator('button');
        assert.equal(await liftButton().count(), 1);
        await askCancelConfirm(liftButton, '/admin/takedowns/lift', [/daygone/], '/admin/takedowns', /done=lifted/);
        assert.equal(await liftButton().count(), 0, 'lifted');
        await page.reload();
        assert.match(await noticeOf(page), /已解除下架：.*daygone/);
        assert.equal(await liftButton().count(), 0);

        // Removing a source, added first with its first poll (a loopback fixture channel).
        await page.goto(`${base}/admin/sources`);
        await page.fill('#source-target', 'day_channel');
        await page.getByRole('button', { name: '添加来源' }).click();
        await page.getByText(/已添加来源 day_channel，首次拉取：新增 1/).waitFor();
        const sourceCard = () => page.locator('li.card', { hasText: 'day_channel' });
        const removeButton = () => sourceCard().locator('form[action="/admin/sources/remove"] button');
        await askCancelConfirm(removeButton, '/admin/sources/remove', [/day_channel/], '/admin/sources', /done=removed/);
        assert.equal(await sourceCard().count(), 0, 'removed');
        await page.reload();
        assert.match(await noticeOf(page), /已移除来源 day_channel/);
        assert.equal(
          await ctx.services.database.db.selectFrom('sources').select('name').where('name', '=', 'day_channel').executeTakeFirst(),
          undefined,
        );

        // Showing a hidden entry again does not ask (it deletes nothing): it is served again at once, and a reload only reads.
        await page.goto(`${base}/admin/entries?hidden=only&type=movie`);
        await submit(
          page,
          page.locator('li.card', { hasText: '待重新显示的剧' }).getByRole('button', { name: '重新显示' }),
          /\/admin\/entries\?.*done=shown/,
        );
        assert.match(await noticeOf(page), /已重新显示：.*dayshow/);
        assert.equal(await page.locator('#entries li.card').count(), 0, 'no hidden movie left');
        await page.reload();
        assert.match(await noticeOf(page), /已重新显示：.*dayshow/);
        const served = await ctx.app.inject({ url: `/api/search?keyword=${encodeURIComponent('待重新显示的剧')}` });
        assert.match(served.body, /dayshow/);

        // The audit page names each, once: the reloads read only.
        await page.goto(`${base}/admin/audit`);
        assert.equal(await auditRows(page, 'key revoke', `密钥 ${id}`), 1);
        assert.equal(await auditRows(page, 'takedown lift', quark('gone')), 1);
        assert.equal(await auditRows(page, 'sources remove', 'day_channel'), 1);
        assert.equal(await auditRows(page, 'links show', quark('show')), 1);
      } finally {
        await browser.close();
      }
    });

    test('a stranger guessing from the same address slows it but never keeps the owner out; a locked name waits for unlock', async () => {
      mock.timers.enable({ apis: ['Date'], now: Date.now() });
      const stranger = await launchChromium({ locale: 'en-US' });
      const owner = await launchChromium({ locale: 'zh-CN' });
      /** Sends the sign-in form; answers the status of the POST. */
      const signInWith = async (page: Page, name: string, password: string) => {
        await page.goto(`${base}/admin/login`);
        await page.fill('#name', name);
        await page.fill('#password', password);
        const [answer] = await Promise.all([
          page.waitForResponse((response) => response.url() === `${base}/admin/login` && response.request().method() === 'POST'),
          page.click('main button[type=submit]'),
        ]);
        await page.waitForLoadState();
        return answer.status();
      };
      try {
        // One name that does not exist, guessed 7 times: locked after 5 (a name lock, not the address's), and
        // the owner behind the same address signs in at once.
        const guesser = await stranger.context.newPage();
        for (let n = 1; n <= 5; n++) assert.equal(await signInWith(guesser, 'no-such-operator', 'wrong password!'), 401, `guess ${n}`);
        assert.match((await guesser.textContent('main')) ?? '', /wrong name or password/i);
        for (let n = 6; n <= 7; n++) assert.equal(await signInWith(guesser, 'no-such-operator', 'wrong password!'), 429, `guess ${n}`);
        const ownerPage = await owner.context.newPage();
        assert.equal(await signInWith(ownerPage, 'day-owner', PASSWORD), 303, 'the owner is not locked by a stranger');
        assert.equal(new URL(ownerPage.url()).pathname, '/admin');

        // A new window; six different names guessed slow the address: the owner's right password waits its
        // turn (at most 30 s, and the page says how long), then gets in.
        mock.timers.tick(15 * 60_000 + 1000);
        for (let n = 1; n <= 6; n++) assert.equal(await signInWith(guesser, `stranger-${n}`, 'wrong password!'), 401, `name ${n}`);
        await owner.context.clearCookies(); // signed out: the form again
        const slowedPage = await owner.context.newPage();
        assert.equal(await signInWith(slowedPage, 'day-owner', PASSWORD), 429, 'the slowed address waits its turn');
        const wait = Number(/请在 (\d+) 秒后再试/.exec((await slowedPage.textContent('body')) ?? '')?.[1]);
        assert.ok(wait >= 1 && wait <= 30, `the page tells the wait: ${wait}`);
        mock.timers.tick(wait * 1000);
        assert.equal(await signInWith(slowedPage, 'day-owner', PASSWORD), 303, 'the owner gets in once the wait is over');

        // A new window; five failures for one account's name lock it, right password and all, until unlocked.
        mock.timers.tick(15 * 60_000 + 1000);
        const locked = await stranger.context.newPage();
        for (let n = 1; n <= 5; n++) assert.equal(await signInWith(locked, 'day-locked', 'wrong password!'), 401, `failure ${n}`);
        assert.equal(await signInWith(locked, 'day-locked', 'wrong password!'), 429, 'the sixth failure');
        assert.match((await locked.textContent('body')) ?? '', /Too many failed sign-ins/);
        assert.match((await locked.textContent('body')) ?? '', /try again in 15 minutes/);
        assert.equal(await signInWith(locked, 'day-locked', PASSWORD), 429, 'locked, right password and all');
        await unlockSignIn(new AuditLog(ctx.services.database), 'cli', 'day-locked'); // what `dramadex admin unlock` runs
        assert.equal(await signInWith(locked, 'day-locked', PASSWORD), 303, 'unlocked: it signs in');
      } finally {
        await stranger.close();
        await owner.close();
      }
    });
  });
}
