/**
 * `mirror` quick and honest (issue 34), against upstreams on loopback and a client clock that only moves
 * when the client waits (or an idle timeout fires), so the time it believes is checked, never the wall's:
 * an upstream that takes connections and never answers fails each type within 60 s with one line saying
 * what it waited for; full dumps are paced by the upstream's RateLimit headers and a 429's Retry-After,
 * and by the published one-a-minute rule only while the upstream says nothing; an instance that exempts
 * the mirroring address is mirrored without a single wait; and every wait is announced once, as it
 * starts, with the length it really has.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { CatalogueClient, type ClientEvent } from '../../src/client/catalogue-client.js';
import type { ClientClock } from '../../src/client/client-clock.js';
import { mirrorRound, newMirrorState, type TypeOutcome } from '../../src/ingest/mirror.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';
import { createTestContext, entry, STORES, type TestContext } from '../support/harness.js';
import { LIMITS_ON } from '../support/limits.js';

/** What the client did, in order: each announcement and each wait, so the two can be matched. */
type Step = { kind: 'said'; event: ClientEvent } | { kind: 'slept'; ms: number };

/** The client's clock: sleeping moves time on; an idle timeout moves it by its length when the test fires it. */
class SteppingClock implements ClientClock {
  at = 0;
  readonly steps: Step[] = [];
  private readonly timers = new Map<() => void, number>();
  now = () => this.at;
  sleep = async (ms: number) => {
    if (ms > 0) this.steps.push({ kind: 'slept', ms });
    this.at += Math.max(0, ms);
  };
  setTimer = (ms: number, fire: () => void) => {
    this.timers.set(fire, ms);
    return () => this.timers.delete(fire);
  };
  fireTimers(): void {
    for (const [fire, ms] of [...this.timers]) {
      this.timers.delete(fire);
      this.at += ms;
      fire();
    }
  }
  client(baseUrl: string): CatalogueClient {
    const onEvent = (event: ClientEvent) => {
      if (event.kind === 'waiting' || event.kind === 'retrying') this.steps.push({ kind: 'said', event });
    };
    return new CatalogueClient(baseUrl, { clock: this, onEvent });
  }
  /** Waits of a second or more, each with what announced it (the step before it). */
  waits(): Array<{ ms: number; said: ClientEvent | undefined }> {
    return this.steps.flatMap((step, index) => {
      if (step.kind !== 'slept' || step.ms < 1000) return [];
      const before = this.steps[index - 1];
      return [{ ms: step.ms, said: before?.kind === 'said' ? before.event : undefined }];
    });
  }
  /** Every wait was announced just before it began, with its real length, and nothing announced a wait that did not come. */
  assertHonest(): void {
    for (const { ms, said } of this.waits()) {
      assert.ok(said && (said.kind === 'waiting' || said.kind === 'retrying'), `a wait of ${ms} ms was not announced`);
      assert.equal(said.ms, ms, `announced ${said.ms} ms, waited ${ms} ms`);
    }
    const announced = this.steps.filter((step) => step.kind === 'said');
    assert.equal(announced.length, this.waits().length, 'one announcement per wait');
  }
}

const dumpBody = (type: string) =>
  JSON.stringify({
    success: true,
    message: 'ok',
    data: {
      items: [{ title: `上游${type}`, source_link: `https://pan.example.com/s/pacing-${type}`, type, update_time: '2024-05-01 10:00:00' }],
      total: 1,
      content_type: type,
      is_all_data: true,
    },
  });

/** An upstream on loopback answering each request from a script: a status and headers, or no answer at all. */
class ScriptedUpstream {
  readonly requests: string[] = [];
  private server: http.Server | undefined;
  constructor(private readonly answers: Array<{ status: number; headers?: Record<string, string> } | 'never'>) {}
  onRequest: () => void = () => {};

  async listen(): Promise<string> {
    this.server = http.createServer((request, response) => {
      this.requests.push(request.url ?? '');
      const answer = this.answers.shift() ?? { status: 200 };
      this.onRequest();
      if (answer === 'never') return;
      const type = /\/api\/contents\/(\w+)\/all/.exec(request.url ?? '')?.[1] ?? 'post';
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.status === 200 ? dumpBody(type) : '{"success":false,"error_code":"X","retry_after":1}');
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

const reasons = (outcomes: TypeOutcome[]) => outcomes.map((outcome) => ('reason' in outcome ? outcome.reason : outcome.state));

for (const store of STORES) {
  describe(`mirror pacing and stalls [${store}]`, () => {
    let local: TestContext;
    before(async () => {
      local = await createTestContext(store);
    });
    after(() => local.close());

    test('an upstream that takes connections and never answers: each type fails within 60 s, in one line', async () => {
      const upstream = new ScriptedUpstream(CONTENT_TYPES.map(() => 'never' as const));
      const clock = new SteppingClock();
      // The request has arrived, so the client waits for the answer's first byte: its idle timeout fires.
      upstream.onRequest = () => setImmediate(() => clock.fireTimers());
      const baseUrl = await upstream.listen();
      try {
        const finishedAt: number[] = [];
        const outcomes = await mirrorRound(local.services.catalogue.store, clock.client(baseUrl), CONTENT_TYPES, newMirrorState(), () =>
          finishedAt.push(clock.at),
        );
        assert.deepEqual(
          reasons(outcomes),
          CONTENT_TYPES.map(
            (type) =>
              `/api/contents/${type}/all: no answer: waited 30 s for the response to start (the upstream accepts connections but does not answer)`,
          ),
        );
        assert.equal(upstream.requests.length, CONTENT_TYPES.length, 'one request a type: a silent upstream is not asked twice');
        finishedAt.forEach((at, index) => {
          assert.ok(at - (finishedAt[index - 1] ?? 0) <= 60_000, `type ${index + 1} took ${at - (finishedAt[index - 1] ?? 0)} ms`);
        });
        // The upstream said nothing, so the published rule spaced the dumps: announced, 30 s after each timeout.
        assert.deepEqual(
          clock.waits().map(({ ms }) => ms),
          Array(CONTENT_TYPES.length - 1).fill(30_000),
        );
        assert.match(
          String((clock.waits()[0]?.said as { reason?: string })?.reason),
          /published limits \(the upstream sends no RateLimit header\)/,
        );
        clock.assertHonest();
      } finally {
        await upstream.close();
      }
    });

    test("full dumps are paced by the upstream's RateLimit headers and Retry-After, each wait announced once", async () => {
      const upstream = new ScriptedUpstream([
        { status: 200, headers: { 'ratelimit-policy': '"burst";q=10;w=60', ratelimit: '"burst";r=4;t=40' } },
        { status: 200, headers: { ratelimit: '"burst";r=0;t=12' } },
        { status: 429, headers: { 'retry-after': '7', ratelimit: '"burst";r=0;t=7' } },
        { status: 200, headers: { ratelimit: '"burst";r=9;t=60' } },
        { status: 200 }, // silent once, after it has spoken: still its word, no published wait
        { status: 200, headers: { 'ratelimit-remaining': '0', 'ratelimit-reset': '5' } }, // the older pair
        { status: 200 },
      ]);
      const clock = new SteppingClock();
      const baseUrl = await upstream.listen();
      try {
        const outcomes = await mirrorRound(local.services.catalogue.store, clock.client(baseUrl), CONTENT_TYPES, newMirrorState());
        assert.deepEqual(
          reasons(outcomes),
          CONTENT_TYPES.map(() => 'replaced'),
        );
        assert.deepEqual(
          clock.waits().map(({ ms }) => ms),
          [12_000, 7_000, 5_000],
        );
        const said = clock.waits().map(({ said }) => (said as { reason: string }).reason);
        assert.match(said[0] as string, /^\/api\/contents\/\w+\/all: the upstream's RateLimit header \(policy "burst"\)$/);
        assert.match(said[1] as string, /^\/api\/contents\/\w+\/all: the upstream answered 429 and asked to wait 7 s$/);
        assert.match(said[2] as string, /policy "ratelimit"/);
        clock.assertHonest();
      } finally {
        await upstream.close();
      }
    });

    test('a retry says the wait it really has: the backoff, or the one-a-minute rule when that is longer', async () => {
      const upstream = new ScriptedUpstream([{ status: 500 }, { status: 200 }]);
      const clock = new SteppingClock();
      const baseUrl = await upstream.listen();
      try {
        const [post] = await mirrorRound(local.services.catalogue.store, clock.client(baseUrl), ['post'], newMirrorState());
        assert.equal(post?.state, 'replaced');
        const [retry] = clock.waits();
        assert.equal(retry?.ms, 60_000, 'the published rule, not the 5 s backoff');
        assert.equal(retry?.said?.kind, 'retrying');
        assert.match(
          String((retry?.said as { reason?: string } | undefined)?.reason),
          /the upstream answered 500 \(next full dump allowed by the published limits/,
        );
        clock.assertHonest();
      } finally {
        await upstream.close();
      }
    });

    test('an instance that exempts the mirroring address is mirrored without a wait', async () => {
      const exempting = await createTestContext(store, { ...LIMITS_ON, EXEMPT_ADDRESSES: '127.0.0.1' });
      await exempting.importEntries(CONTENT_TYPES.map((type: ContentType) => entry({ type })));
      await exempting.app.listen({ port: 0, host: '127.0.0.1' });
      const clock = new SteppingClock();
      try {
        const baseUrl = `http://127.0.0.1:${(exempting.app.server.address() as AddressInfo).port}`;
        const first = await mirrorRound(local.services.catalogue.store, clock.client(baseUrl), CONTENT_TYPES, newMirrorState());
        const again = await mirrorRound(local.services.catalogue.store, clock.client(baseUrl), CONTENT_TYPES, newMirrorState());
        assert.deepEqual(
          reasons([...first, ...again]),
          [...CONTENT_TYPES, ...CONTENT_TYPES].map(() => 'replaced'),
        );
        assert.equal(clock.at, 0, 'no time waited at all');
        assert.deepEqual(clock.steps, []);
      } finally {
        await exempting.close();
      }
    });
  });
}
