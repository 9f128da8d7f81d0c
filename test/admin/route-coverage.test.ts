/**
 * Authorization decided in one place, and proven for every route (docs/console.md, "Roles"): walks every
 * route the app declared under `/admin` (recorded by the root's onRoute hook, so routes declared anywhere
 * count) as a visitor, a moderator and an owner. It FAILS when a route is declared outside a page (src/admin/console-pages.ts), and
 * checks each answer: a visitor's GET goes to sign in (303), a visitor's POST is 401, a moderator on an
 * owner's route 403, and an allowed role gets past the access check. With ADMIN=off there is no route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { allows, type Role } from '../../src/admin/roles.js';
import { SESSION_COOKIE } from '../../src/admin/session-cookie.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { addAccount, signIn } from './support.js';

/** A concrete URL for a declared path: each parameter gets a harmless sample value. */
const concrete = (url: string) => url.replace(/:language/g, 'en').replace(/:\w+/g, 'sample');

interface Answer {
  status: number;
  location: string | undefined;
}

async function ask(app: FastifyInstance, method: string, url: string, as: { cookie: string; csrf: string } | undefined): Promise<Answer> {
  const cookie = as ? { cookie: `${SESSION_COOKIE}=${as.cookie}` } : {};
  const body = method === 'POST' || method === 'PUT' || method === 'PATCH' || method === 'DELETE';
  const response = await app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: { ...cookie, ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(body ? { payload: new URLSearchParams(as ? { _csrf: as.csrf } : {}).toString() } : {}),
  });
  return { status: response.statusCode, location: response.headers.location as string | undefined };
}

for (const store of STORES) {
  describe(`console route coverage [${store}]`, () => {
    let context: TestContext;
    before(async () => {
      context = await createTestContext(store);
      await addAccount(context.services.database, 'walker-owner', 'owner');
      await addAccount(context.services.database, 'walker-mod', 'moderator');
    });
    after(() => context.close());

    test('every /admin route is in the access table', () => {
      const routes = context.app.consoleRoutes;
      assert.ok(routes.length >= 8, `the walk found the console's routes (${routes.length})`);
      const missing = routes.filter((route) => route.access === undefined);
      assert.deepEqual(missing, [], 'declare these routes in a page (src/admin/console-pages.ts)');
    });

    test('a visitor: GET goes to sign in, POST is 401, open routes stay open', async () => {
      for (const route of context.app.consoleRoutes) {
        const access = route.access;
        const answer = await ask(context.app, route.method, route.url, undefined);
        const where = `${route.method} ${route.url}`;
        if (access === 'anyone') {
          // (A sign-in with empty fields is a 401 of its own: wrong name or password, not the access check.)
          assert.notEqual(answer.status, 403, `${where} is open to visitors`);
          assert.notEqual(answer.location, '/admin/login', `${where} is open to visitors`);
        } else if (route.method === 'GET' || route.method === 'HEAD') {
          assert.equal(answer.status, 303, where);
          assert.equal(answer.location, '/admin/login', where);
        } else {
          assert.equal(answer.status, 401, where);
        }
      }
    });

    for (const role of ['moderator', 'owner'] as Role[]) {
      test(`a ${role}: allowed where the table says, 403 elsewhere`, async () => {
        for (const route of context.app.consoleRoutes) {
          const access = route.access;
          if (access === undefined || access === 'anyone') continue;
          // A fresh session per route: a POST may end it (sign-out).
          const operator = await signIn(context.app, role === 'owner' ? 'walker-owner' : 'walker-mod');
          const answer = await ask(context.app, route.method, route.url, operator);
          const where = `${role} ${route.method} ${route.url}`;
          if (allows(role, access)) {
            assert.ok(![401, 403].includes(answer.status), `${where} is allowed (${answer.status})`);
          } else {
            assert.equal(answer.status, 403, where);
          }
        }
      });
    }
  });
}

describe('ADMIN=off', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext('sqlite', { ADMIN: 'off' });
  });
  after(() => context.close());

  test('removes every /admin route', async () => {
    assert.deepEqual(context.app.consoleRoutes, []);
    for (const url of ['/admin', '/admin/login', '/admin/keys']) {
      assert.equal((await context.app.inject({ url })).statusCode, 404, url);
    }
    assert.equal(
      (
        await context.app.inject({
          method: 'POST',
          url: '/admin/login',
          payload: 'name=a&password=b',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).statusCode,
      404,
    );
  });
});
