/**
 * A console page is declared once (src/admin/console-page.ts, docs/console.md "Adding a page"): what the
 * navigation lists, the names pages show and where a page's routes may lie all come from the declarations
 * in src/admin/console-pages.ts. Checked through the pages an operator opens, in both languages and roles.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import type { AdminConsole } from '../../src/admin/console.js';
import { type ConsolePage, registerPages } from '../../src/admin/console-page.js';
import { CONSOLE_PAGES } from '../../src/admin/console-pages.js';
import { allows, type Role } from '../../src/admin/roles.js';
import { SESSION_COOKIE } from '../../src/admin/session-cookie.js';
import type { Language } from '../../src/config/config.js';
import { LANGUAGE_COOKIE } from '../../src/web/page-language.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { addAccount, signIn } from './support.js';

const decodeEntities = (html: string) =>
  html
    .replaceAll('&amp;', '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** The navigation's links on a page, as [href, label]. */
function navigationOf(html: string): Array<[string, string]> {
  const nav = /<nav aria-label="[^"]*">([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((match) => [match[1] as string, decodeEntities(match[2] as string)]);
}

for (const store of STORES) {
  describe(`console pages from their declarations [${store}]`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext(store);
      await addAccount(context.services.database, 'decl-owner', 'owner');
      await addAccount(context.services.database, 'decl-mod', 'moderator');
    });
    after(() => context.close());

    for (const role of ['moderator', 'owner'] as Role[]) {
      for (const language of ['zh', 'en'] as Language[]) {
        test(`a ${role} in ${language}: the navigation lists the declared pages the role may open, each titled with its name`, async () => {
          const operator = await signIn(context.app, role === 'owner' ? 'decl-owner' : 'decl-mod');
          const cookie = `${SESSION_COOKIE}=${operator.cookie}; ${LANGUAGE_COOKIE}=${language}`;
          const overview = await context.app.inject({ url: '/admin', headers: { cookie } });
          assert.equal(overview.statusCode, 200);
          const expected = CONSOLE_PAGES.filter((page) => page.inNavigation && allows(role, page.access)).map((page): [string, string] => [
            `/admin${page.path}`,
            page.name?.[language] ?? '',
          ]);
          assert.deepEqual(navigationOf(overview.body), expected);
          assert.ok(expected.length >= (role === 'owner' ? 10 : 8), `${expected.length} pages listed`);
          for (const [href, name] of expected) {
            const page = await context.app.inject({ url: href, headers: { cookie } });
            assert.equal(page.statusCode, 200, href);
            assert.equal(decodeEntities(/<h1>([^<]*)<\/h1>/.exec(page.body)?.[1] ?? ''), name, `${href} heading`);
            assert.ok(decodeEntities(/<title>([^<]*)<\/title>/.exec(page.body)?.[1] ?? '').startsWith(`${name} · `), `${href} title`);
          }
        });
      }
    }

    test("a moderator's navigation leaves out the owner's pages, which answer 403", async () => {
      const operator = await signIn(context.app, 'decl-mod');
      const cookie = `${SESSION_COOKIE}=${operator.cookie}`;
      const hrefs = navigationOf((await context.app.inject({ url: '/admin', headers: { cookie } })).body).map(([href]) => href);
      for (const page of CONSOLE_PAGES.filter((each) => each.access === 'owner')) {
        assert.ok(!hrefs.includes(`/admin${page.path}`), page.path);
        assert.equal((await context.app.inject({ url: `/admin${page.path}`, headers: { cookie } })).statusCode, 403, page.path);
      }
    });
  });
}

describe('a page declaration', () => {
  test('that declares a route outside its own path stops the server from starting', async () => {
    const app = Fastify();
    const stray: ConsolePage = {
      path: '/keys',
      access: 'owner',
      routes: async (scope) => {
        scope.get('/keys', async () => 'ok');
        scope.get('/entries/remove-all', async () => 'not this page');
      },
    };
    app.register(async (admin) => registerPages(admin, [stray], {} as AdminConsole), { prefix: '/admin' });
    await assert.rejects(async () => app.ready(), /console route \/admin\/entries\/remove-all lies outside its page \/admin\/keys/);
    await app.close();
  });

  test('that keeps to its path stamps its access on every route it declares', async () => {
    const app = Fastify();
    const page: ConsolePage = {
      path: '/keys',
      access: 'owner',
      routes: async (scope) => void scope.get('/keys/:id', async (request) => String(request.routeOptions.config.consolePage?.access)),
    };
    await app.register(async (admin) => registerPages(admin, [page], {} as AdminConsole), { prefix: '/admin' });
    app.get('/admin/elsewhere', async (request) => String(request.routeOptions.config.consolePage?.access));
    await app.ready();
    assert.equal((await app.inject({ url: '/admin/keys/7' })).body, 'owner');
    assert.equal((await app.inject({ url: '/admin/elsewhere' })).body, 'undefined', 'a route outside every page has no access');
    await app.close();
  });
});
