/**
 * The console's working pages through HTTP, on both stores (docs/console.md, "Pages"): a change made in the
 * console shows at once in the API, search and the web page (the test app never polls the store, so only
 * the console's own refresh can make it show), a prefix takedown asks before it removes anything, an
 * import is a dry run until applied, hidden entries are found and shown again, a channel is added with its
 * first poll, every value is escaped, and the audit record names the account.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SESSION_COOKIE } from '../../src/admin/session-cookie.js';
import { LinkQueueStore } from '../../src/links/link-queue-store.js';
import { FixtureTelegram } from '../sources/fixture-telegram.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { addAccount, type Operator, signIn } from './support.js';

const link = (name: string) => `https://pan.example.com/s/ops-${name}`;
const entry = (name: string, title: string) => ({
  title,
  source_link: link(name),
  type: 'post' as const,
  update_time: '2024-06-01 10:00:00',
});

/** A multipart upload of `text` as the import form sends it (`apply` first, as the form orders its fields). */
function upload(operator: Operator, text: string, apply: boolean, token = operator.csrf) {
  const boundary = '----dramadexTestBoundary';
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="_csrf"\r\n\r\n${token}\r\n`,
    ...(apply ? [`--${boundary}\r\nContent-Disposition: form-data; name="apply"\r\n\r\n1\r\n`] : []),
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rows.ndjson"\r\nContent-Type: application/x-ndjson\r\n\r\n${text}\r\n`,
    `--${boundary}--\r\n`,
  ];
  return {
    method: 'POST' as const,
    url: '/admin/import',
    payload: parts.join(''),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: `${SESSION_COOKIE}=${operator.cookie}` },
  };
}

for (const store of STORES) {
  describe(`console pages act through the operations [${store}]`, () => {
    let context: TestContext;
    let telegram: FixtureTelegram;
    let mod: Operator;
    const api = async (keyword: string) => {
      const response = await context.app.inject({ url: `/api/search?keyword=${encodeURIComponent(keyword)}` });
      return (response.json() as { data: { items: Array<{ source_link: string }> } }).data.items.map((item) => item.source_link);
    };
    const webSearch = async (keyword: string) =>
      (await context.app.inject({ url: `/search?keyword=${encodeURIComponent(keyword)}`, headers: { accept: 'text/html' } })).body;

    before(async () => {
      telegram = new FixtureTelegram();
      const origin = await telegram.listen();
      context = await createTestContext(store, { TELEGRAM_ORIGIN: origin });
      await addAccount(context.services.database, 'mod-ops', 'moderator');
      await addAccount(context.services.database, 'mod-other', 'moderator');
      await addAccount(context.services.database, 'owner-ops', 'owner');
      await context.importEntries([entry('a1', '下架测试甲'), entry('a2', '下架测试乙'), entry('b1', '<script>alert(1)</script>剧')]);
      mod = await signIn(context.app, 'mod-ops');
    });
    after(async () => {
      await context.close();
      await telegram.close();
    });

    test('a prefix takedown without confirm=1 only counts; confirmed, it is gone from the API, search and web page at once', async () => {
      const preview = await mod.post('/admin/takedowns', { link: link('a'), match: 'prefix', reason: 'owner asked' });
      assert.equal(preview.statusCode, 200);
      assert.match(
        preview.body,
        /2 entries have links starting with https:\/\/pan\.example\.com\/s\/ops-a|以 https:\/\/pan\.example\.com\/s\/ops-a 开头的链接共有 2 条/,
      );
      assert.match(preview.body, /name="confirm" value="1"/);
      assert.deepEqual((await api('下架测试')).sort(), [link('a1'), link('a2')]);

      const done = await mod.post('/admin/takedowns', { link: link('a'), match: 'prefix', reason: 'owner asked', confirm: '1' });
      assert.equal(done.statusCode, 303, 'POST/redirect/GET');
      assert.match(
        (await mod.get(String(done.headers.location))).body,
        /(已下架 https:\/\/pan\.example\.com\/s\/ops-a，删除了 2 条|Took down https:\/\/pan\.example\.com\/s\/ops-a; 2 removed)/,
      );
      assert.deepEqual(await api('下架测试'), []);
      assert.doesNotMatch(await webSearch('下架测试'), /ops-a1/);
      const list = await mod.get('/admin/takedowns');
      assert.match(list.body, /ops-a<\/code>/);
      assert.match(list.body, /mod-ops/);
      assert.match(list.body, /owner asked/);

      // Added again without a reason: the reason stays.
      await mod.post('/admin/takedowns', { link: link('a'), match: 'prefix', confirm: '1' });
      assert.match((await mod.get('/admin/takedowns')).body, /owner asked/);
      const asked = await mod.post('/admin/takedowns/lift', { link: link('a') });
      assert.match(asked.body, /id="confirm-facts"[\s\S]*ops-a/, 'lifting asks first');
      assert.match((await mod.get('/admin/takedowns')).body, /ops-a<\/code>/);
      const lifted = await mod.post('/admin/takedowns/lift', { link: link('a'), confirm: '1' });
      assert.equal(lifted.statusCode, 303);
      assert.doesNotMatch((await mod.get(String(lifted.headers.location))).body, /ops-a<\/code>/);
    });

    test('a takedown of something that is not a link is refused with the reason, and changes nothing', async () => {
      const refused = await mod.post('/admin/takedowns', { link: 'pan.example.com', match: 'prefix' });
      assert.equal(refused.statusCode, 400);
      assert.match(refused.body, /不是链接或链接前缀/);
      assert.match(refused.body, /id="takedown-link"[^>]*value="pan\.example\.com"/, 'the form keeps what was typed');
      assert.match(refused.body, /value="prefix" checked/);
    });

    test('an import is a dry run listing rejected rows by line until apply=1; applied, it is served at once', async () => {
      const text = [
        JSON.stringify(entry('c1', '导入测试一')),
        JSON.stringify({ ...entry('c2', '导入测试二'), update_time: '2024-02-30 10:00:00' }),
        JSON.stringify(entry('c3', '导入测试三')),
      ].join('\n');
      const dry = await context.app.inject(upload(mod, text, false));
      assert.equal(dry.statusCode, 200, dry.body);
      assert.match(
        dry.body,
        /<td class="number"[^>]*>2<\/td><td[^>]*>(update_time &quot;2024-02-30 10:00:00&quot; is not a real date-time|更新时间“2024-02-30 10:00:00”不是)/,
      );
      assert.deepEqual(await api('导入测试'), []);

      const applied = await context.app.inject(upload(mod, text, true));
      assert.equal(applied.statusCode, 200, applied.body);
      assert.deepEqual((await api('导入测试')).sort(), [link('c1'), link('c3')]);
      assert.match(await webSearch('导入测试'), /导入测试一/);
    });

    test('an upload without the CSRF token is refused and imports nothing', async () => {
      const request = upload(mod, JSON.stringify(entry('d1', '无令牌导入')), true, 'x'.repeat(43));
      const refused = await context.app.inject(request);
      assert.equal(refused.statusCode, 403);
      // The token in the address is no token: only the form's field counts.
      const inAddress = await context.app.inject({ ...request, url: `/admin/import?_csrf=${encodeURIComponent(mod.csrf)}` });
      assert.equal(inAddress.statusCode, 403);
      assert.deepEqual(await api('无令牌导入'), []);
    });

    test('a dry run keeps its file for the confirm step: applied once, by its own session only', async () => {
      const dry = await context.app.inject(upload(mod, JSON.stringify(entry('k1', '保留的导入')), false));
      assert.equal(dry.statusCode, 200, dry.body);
      assert.doesNotMatch(dry.body, /action="[^"]*_csrf/, 'no token in any form address');
      const id = /name="upload" value="([^"]+)"/.exec(dry.body)?.[1];
      assert.ok(id, 'the confirm form names the kept file');
      const stranger = await signIn(context.app, 'mod-other');
      assert.equal((await stranger.post('/admin/import/apply', { upload: id })).statusCode, 400, 'another session cannot take it');
      assert.deepEqual(await api('保留的导入'), []);
      const applied = await mod.post('/admin/import/apply', { upload: id });
      assert.equal(applied.statusCode, 200, applied.body);
      assert.deepEqual(await api('保留的导入'), [link('k1')]);
      const again = await mod.post('/admin/import/apply', { upload: id });
      assert.equal(again.statusCode, 400, 'taken once');
    });

    test('entries: found with values escaped; removed at once; a hidden entry is listed, marked, and shown again', async () => {
      const found = await mod.get(`/admin/entries?q=${encodeURIComponent('<script>')}`);
      assert.equal(found.statusCode, 200);
      assert.doesNotMatch(found.body, /<script>alert/);
      assert.match(found.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;剧/);

      await context.importEntries([entry('e1', '隐藏测试')]);
      await context.services.database.db.updateTable('entries').set({ hidden: 1 }).where('source_link', '=', link('e1')).execute();
      await context.services.database.db
        .insertInto('link_states')
        .values({
          source_link: link('e1'),
          provider: null,
          verdict: 'dead',
          hidden: 1,
          decided_verdict: 'dead',
          decided_at: '2024-06-02T00:00:00.000Z',
        })
        .execute();
      const hidden = await mod.get(`/admin/entries?q=${encodeURIComponent('隐藏测试')}`);
      assert.match(hidden.body, /class="mark">(hidden|已隐藏)</);
      assert.match(hidden.body, /<strong>(dead|失效)<\/strong>/);
      const showing = await mod.post('/admin/entries/show', { link: link('e1'), q: '隐藏测试' });
      assert.equal(showing.statusCode, 303, 'POST/redirect/GET');
      const shown = await mod.get(String(showing.headers.location));
      assert.doesNotMatch(shown.body, /class="mark"/);
      assert.match(shown.body, /class="notice"[^>]*>[^<]*ops-e1/);

      // Removing asks first, naming the title, and removes nothing until confirmed.
      const asked = await mod.post('/admin/entries/remove', { link: link('b1'), q: '剧' });
      assert.equal(asked.statusCode, 200);
      assert.match(asked.body, /id="confirm-facts"[\s\S]*alert/);
      assert.notDeepEqual(await api('alert'), []);
      const removed = await mod.post('/admin/entries/remove', { link: link('b1'), q: '剧', confirm: '1' });
      assert.equal(removed.statusCode, 303, 'POST/redirect/GET');
      const result = await mod.get(String(removed.headers.location));
      assert.match(result.body, /class="notice"[^>]*>(已删除《|Removed “)[^<]*alert/);
      assert.deepEqual(await api('alert'), []);
      // Sending the confirmation again (a reload of the POST) finds nothing to remove and removes nothing.
      const again = await mod.post('/admin/entries/remove', { link: link('b1'), q: '剧', confirm: '1' });
      assert.equal(again.statusCode, 400);
    });

    test('an exact takedown asks first, naming the entry; confirmed, it redirects and names what it removed', async () => {
      await context.importEntries([entry('x1', '精确下架')]);
      const asked = await mod.post('/admin/takedowns', { link: link('x1'), match: 'exact', reason: '版权' });
      assert.equal(asked.statusCode, 200);
      assert.match(asked.body, /id="confirm-facts"[\s\S]*精确下架[\s\S]*ops-x1/);
      assert.deepEqual(await api('精确下架'), [link('x1')], 'nothing removed before the confirmation');
      const done = await mod.post('/admin/takedowns', { link: link('x1'), match: 'exact', reason: '版权', confirm: '1' });
      assert.equal(done.statusCode, 303);
      const result = await mod.get(String(done.headers.location));
      assert.match(result.body, /class="notice"[^>]*>(已下架 [^<]*ops-x1（《精确下架》）|Took down [^<]*ops-x1 \(“精确下架”\))/);
      assert.deepEqual(await api('精确下架'), []);
    });

    test('a bad key rate is refused by the server with its reason, the form keeping what was typed', async () => {
      const owner = await signIn(context.app, 'owner-ops');
      const refused = await owner.post('/admin/keys', { rate: 'ten', label: '我的标签' });
      assert.equal(refused.statusCode, 400);
      assert.match(refused.body, /(速率应为 1 到|The rate must be a whole number)/);
      assert.match(refused.body, /id="rate"[^>]*value="ten"/);
      assert.match(refused.body, /id="label"[^>]*value="我的标签"/);
      assert.doesNotMatch(refused.body, /pattern=/);
    });

    test('a link re-checked from the console records its verdict', async () => {
      await context.importEntries([entry('f1', '复查测试')]);
      const checked = await mod.post('/admin/links/check', { link: link('f1') });
      assert.equal(checked.statusCode, 200);
      assert.match(checked.body, /(Checked: unsupported|复查结果：不支持)/);
    });

    test('a channel added in the console shows its first poll; poll now and remove work', async () => {
      telegram.channel('console_channel', [
        { id: 1, time: '2024-06-03T10:00:00+00:00', html: '频道新剧<br>https://pan.quark.cn/s/consolechannel1' },
      ]);
      const added = await mod.post('/admin/sources', { kind: 'telegram', target: '@console_channel', type: 'movie' });
      assert.equal(added.statusCode, 200, added.body);
      assert.match(added.body, /console_channel.*(added 1, updated 0, unchanged 0, rejected 0|新增 1，更新 0，未变 0，拒收 0)/s);
      assert.deepEqual(await api('频道新剧'), ['https://pan.quark.cn/s/consolechannel1']);
      const polled = await mod.post('/admin/sources/poll', { name: 'console_channel' });
      assert.match(polled.body, /console_channel[^<]*(added 0, updated 0|新增 0，更新 0)/);
      const refused = await mod.post('/admin/sources', { kind: 'telegram', target: 'x' });
      assert.equal(refused.statusCode, 400);
      assert.match(refused.body, /不是公开频道名/);
      const asked = await mod.post('/admin/sources/remove', { name: 'console_channel' });
      assert.match(asked.body, /id="confirm-facts"[\s\S]*console_channel/);
      assert.match((await mod.get('/admin/sources')).body, /class="card-title">console_channel/, 'nothing removed before the confirmation');
      const removed = await mod.post('/admin/sources/remove', { name: 'console_channel', confirm: '1' });
      assert.equal(removed.statusCode, 303);
      const result = await mod.get(String(removed.headers.location));
      assert.doesNotMatch(result.body, /class="card-title">console_channel/);
      assert.match(result.body, /class="notice"[^>]*>[^<]*console_channel/);
    });

    test('links and reports: evidence and unknown codes shown; a report dismissed and a breaker reset', async () => {
      const quark = 'https://pan.quark.cn/s/consoleg1';
      await context.importEntries([{ title: '证据测试', source_link: quark, type: 'post', update_time: '2024-06-04 10:00:00' }]);
      await context.services.database.db
        .insertInto('link_states')
        .values({
          source_link: quark,
          provider: 'quark',
          verdict: 'unknown',
          checked_at: '2024-06-05T00:00:00.000Z',
          reported_at: '2024-06-05T01:00:00.000Z',
          reason: 'code 41099 <b>not in the table</b>',
          evidence_status: 200,
          evidence_code: '41099',
        })
        .execute();
      const links = await mod.get('/admin/links');
      assert.equal(links.statusCode, 200);
      assert.match(links.body, /<td[^>]*>quark<\/td><td[^>]*>41099<\/td><td class="number"[^>]*>1<\/td>/);
      assert.match(links.body, /name="provider" value="quark"/);
      const reports = await mod.get('/admin/reports');
      assert.match(reports.body, /consoleg1/);
      // A reason of no known shape is shown as it came; the evidence in the page's language, its code as stored.
      assert.match(reports.body, /code 41099 &lt;b&gt;not in the table&lt;\/b&gt; — HTTP 200 · 代码 <span data-stored>41099<\/span>/);
      const dismissed = await mod.post('/admin/reports/dismiss', { link: quark });
      assert.equal(dismissed.statusCode, 200);
      assert.doesNotMatch(dismissed.body, /<code>https:\/\/pan\.quark\.cn\/s\/consoleg1<\/code>/);
      const again = await mod.post('/admin/reports/dismiss', { link: quark });
      assert.equal(again.statusCode, 400);
      const reset = await mod.post('/admin/links/breaker/reset', { provider: 'quark' });
      assert.equal(reset.statusCode, 200);
      assert.match(reset.body, /quark/);
    });

    test('a provider held by the dead-rate ceiling: the overview and the links page show its share; allow asks again, then lets it hide for a while, audited', async () => {
      // Five deads in a row from the first verdict: above the ceiling (0.5 of at least 5), so its deads are held back.
      const guards = context.services.links.guards;
      for (let at = 0; at < 5; at++) {
        const step = await guards.observeDecisive('tianyi', true, Date.now());
        await guards.observeCeiling('tianyi', step.seen, true, Date.now());
      }
      const overview = await mod.get('/admin');
      assert.match(
        overview.body,
        /data-ceiling="tianyi">(最近 5 个结论中死链 5 个（1，上限 0\.5）|dead 5 of the last 5 verdicts \(1, ceiling 0\.5\)) <strong>/,
      );
      // The daily hide share beside it: nothing hidden today of the day's budget (the floor of 10 for a small provider).
      assert.match(overview.body, /data-day-share="tianyi">(今日隐藏 0\/10|hidden today 0 of 10)<\/span>/);
      const links = await mod.get('/admin/links');
      assert.match(links.body, /<td data-ceiling="tianyi"[^>]*>5\/5 \(1\) · 0\.5 · <strong>/);
      assert.match(links.body, /<td data-day-share="tianyi"[^>]*>0\/10<\/td>/);
      assert.match(links.body, /action="\/admin\/links\/breaker\/allow"[\s\S]*?name="provider" value="tianyi"/);

      const asked = await mod.post('/admin/links/breaker/allow', { provider: 'tianyi', hours: '12' });
      assert.equal(asked.statusCode, 200);
      assert.match(asked.body, /name="confirm" value="1"/);
      assert.match(asked.body, /<dd>5\/5 · 0\.5<\/dd>/);
      assert.equal((await guards.state('tianyi', Date.now())).ceilingAllowedUntil, 0, 'asking again changes nothing');

      const refused = await mod.post('/admin/links/breaker/allow', { provider: 'tianyi', hours: '0', confirm: '1' });
      assert.equal(refused.statusCode, 400);
      const allowed = await mod.post('/admin/links/breaker/allow', { provider: 'tianyi', hours: '12', confirm: '1' });
      assert.equal(allowed.statusCode, 200);
      const until = (await guards.state('tianyi', Date.now())).ceilingAllowedUntil;
      assert.ok(until > Date.now() + 11 * 3_600_000 && until <= Date.now() + 12 * 3_600_000, String(until));
      assert.match(allowed.body, /tianyi/);
      const after = await mod.get('/admin/links');
      assert.doesNotMatch(after.body, /name="provider" value="tianyi">\s*<label>/, 'an allowed provider has no allow form');
      assert.match((await mod.get('/admin/audit')).body, /breaker allow[\s\S]*?tianyi/);
    });

    test('reports: each report counts, also within the cooldown that keeps it from moving the link again; a dismissal starts over', async () => {
      const link = 'https://pan.quark.cn/s/consolecount1';
      await context.importEntries([{ title: '报告计数', source_link: link, type: 'post', update_time: '2024-06-04 10:00:00' }]);
      const queue = new LinkQueueStore(context.services.database);
      const now = Date.now();
      for (const at of [now, now + 1_000, now + 2_000]) assert.equal(await queue.report(link, at), true);
      const reports = await mod.get('/admin/reports');
      assert.match(reports.body, /consolecount1[\s\S]*?(报告次数|Reports)<\/dt><dd data-report-count>3/);
      await mod.post('/admin/reports/dismiss', { link });
      await queue.report(link, now + 3_000);
      assert.match((await mod.get('/admin/reports')).body, /consolecount1[\s\S]*?(报告次数|Reports)<\/dt><dd data-report-count>1/);
    });

    test('the audit page names the account for every change made here', async () => {
      const audit = await mod.get('/admin/audit');
      assert.equal(audit.statusCode, 200);
      for (const action of [
        'takedown add',
        'takedown lift',
        'import',
        'links show',
        'remove',
        'links check',
        'sources add',
        'sources poll',
        'sources remove',
      ]) {
        assert.match(audit.body, new RegExp(`data-stored>mod-ops</td><td [^>]*data-action="${action}">`), action);
      }
      assert.doesNotMatch(audit.body, /data-stored>cli<\/td>/);
    });
  });
}
