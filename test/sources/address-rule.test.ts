/**
 * The address rule for typed-in destinations (issue 41, F2; docs/sources.md, "Addresses"): an upstream
 * source and `mirror` never reach loopback, private, link-local, unspecified or CGNAT addresses, in any
 * spelling, checked on the literal host and again on the resolved address at connect time;
 * SOURCES_ALLOW_PRIVATE lets an operator allow their own network. A poll's reason never carries the
 * upstream's own words, and a refused connection reads the same as a 404. A `?` or `#` in the address is
 * refused at registration.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { fetch as undiciFetch } from 'undici';
import { CLI_ACTOR } from '../../src/operations/audit-log.js';
import { OperationRefused } from '../../src/operations/operation-refused.js';
import { createOperations, type Operations } from '../../src/operations/operations.js';
import { upstreamSource } from '../../src/operations/source-operations.js';
import { AddressGuard } from '../../src/shared/address-guard.js';
import { runCli } from '../support/cli.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';

const SECRET = 'internal-token-5f2c';

/** An upstream on loopback that answers every request 404 with a secret in its error page, counting requests. */
async function secretUpstream(): Promise<{ server: Server; port: number; requests: () => number }> {
  let requests = 0;
  const server = createServer((_request, response) => {
    requests++;
    response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ success: false, error: `db password ${SECRET}` }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as AddressInfo).port, requests: () => requests };
}

test('every spelling of a refused address is refused on its literal host; public ones and allowed ones go', () => {
  const guard = new AddressGuard();
  const refused = [
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://[::ffff:127.0.0.1]/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::]/',
    'http://localhost/',
    'http://api.localhost./',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[2002:7f00:1::]/',
  ];
  for (const url of refused) assert.match(guard.refusalOfHost(new URL(url).hostname) ?? '', /the address rule refuses/, url);
  for (const url of ['http://93.184.216.34/', 'http://[2606:4700::1111]/', 'https://catalogue.example.com/'])
    assert.equal(guard.refusalOfHost(new URL(url).hostname), undefined, url);
  const allowing = new AddressGuard(['192.168.1.0/24', '::1']);
  assert.equal(allowing.refusalOfHost('192.168.1.20'), undefined);
  assert.equal(allowing.refusalOfHost('[::1]'), undefined);
  assert.match(allowing.refusalOfHost('192.168.2.1') ?? '', /the address rule refuses/);
});

test('a name that resolves to a refused address is refused at connect time, with no request sent', async () => {
  const upstream = await secretUpstream();
  try {
    const guard = new AddressGuard();
    // `localhost` is resolved by the dispatcher's lookup here: the literal check is not asked.
    const failure = await undiciFetch(`http://localhost:${upstream.port}/api/types`, { dispatcher: guard.dispatcher }).catch(
      (error: { cause?: { code?: string; message?: string } }) => error.cause,
    );
    assert.equal((failure as { code?: string }).code, 'ERR_ADDRESS_REFUSED');
    assert.match(String((failure as { message?: string }).message), /the address rule refuses localhost: a loopback address/);
    assert.equal(upstream.requests(), 0);
    const allowed = await undiciFetch(`http://localhost:${upstream.port}/api/types`, {
      dispatcher: new AddressGuard(['127.0.0.0/8', '::1']).dispatcher,
    });
    assert.equal(allowed.status, 404, 'allowed by SOURCES_ALLOW_PRIVATE');
  } finally {
    upstream.server.close();
  }
});

test('a "?" or "#" in an upstream address is refused: it would swallow the appended path', () => {
  for (const baseUrl of ['https://up.example/api?x=1', 'https://up.example/#frag', 'https://up.example/?'])
    assert.throws(() => upstreamSource({ baseUrl, types: [], everyMinutes: 60 }), OperationRefused, baseUrl);
});

for (const store of STORES) {
  describe(`upstream sources meet the address rule [${store}]`, () => {
    let strict: TestContext;
    let lenient: TestContext;
    let strictOps: Operations;
    let lenientOps: Operations;
    let upstream: Awaited<ReturnType<typeof secretUpstream>>;
    before(async () => {
      upstream = await secretUpstream();
      strict = await createTestContext(store, { SOURCES_ALLOW_PRIVATE: '' });
      lenient = await createTestContext(store, { SOURCES_ALLOW_PRIVATE: '127.0.0.0/8' });
      strictOps = createOperations({ config: strict.config, database: strict.services.database });
      lenientOps = createOperations({ config: lenient.config, database: lenient.services.database });
    });
    after(async () => {
      upstream.server.close();
      await strict.close();
      await lenient.close();
    });

    test('a loopback upstream is refused by the rule, in every spelling, and never asked', async () => {
      const spellings = ['127.0.0.1', '127.1', '2130706433', '0x7f000001', '[::ffff:127.0.0.1]', 'localhost'];
      for (const host of spellings) {
        const source = upstreamSource({ baseUrl: `http://${host}:${upstream.port}`, types: ['post'], everyMinutes: 60 });
        await strictOps.sources.add(CLI_ACTOR, source);
        const [report] = await strictOps.sources.poll(CLI_ACTOR, [source.name]);
        assert.equal(report?.outcome, 'invalid', host);
        assert.match(report && 'reason' in report ? report.reason : '', /the address rule refuses .*: a loopback address/, host);
        await strictOps.sources.remove(CLI_ACTOR, source.name);
      }
      assert.equal(upstream.requests(), 0, 'no request reached the upstream');
    });

    test("an upstream's error text is never shown, and a refused port reads like a 404", async () => {
      const closed = createServer();
      closed.listen(0, '127.0.0.1');
      await once(closed, 'listening');
      const closedPort = (closed.address() as AddressInfo).port;
      closed.close();
      const reasons: string[] = [];
      for (const port of [upstream.port, closedPort]) {
        const source = upstreamSource({ baseUrl: `http://127.0.0.1:${port}`, types: ['post'], everyMinutes: 60 });
        await lenientOps.sources.add('alice', source);
        const [report] = await lenientOps.sources.poll('alice', [source.name]);
        assert.equal(report?.outcome, 'upstream_error');
        reasons.push(report && 'reason' in report ? report.reason : '');
      }
      assert.ok(upstream.requests() > 0, 'the allowed upstream was asked');
      assert.equal(reasons[0], reasons[1], 'a 404 and a refused connection read the same');
      assert.doesNotMatch(reasons.join('\n'), new RegExp(`${SECRET}|404|ECONNREFUSED|refused`));
      const audit = await lenientOps.audit.recent(20);
      assert.doesNotMatch(JSON.stringify(audit), new RegExp(SECRET));
    });

    test('mirror refuses a loopback target without SOURCES_ALLOW_PRIVATE, naming the rule', async () => {
      const env = { DATABASE_URL: strict.config.databaseUrl, SOURCES_ALLOW_PRIVATE: '' };
      const before = upstream.requests();
      const refused = await runCli(['mirror', `http://[::ffff:127.0.0.1]:${upstream.port}`, '--type', 'post'], env);
      assert.equal(refused.code, 1, refused.stdout);
      assert.match(refused.stderr, /the address rule refuses/);
      assert.equal(upstream.requests(), before);
    });
  });
}
