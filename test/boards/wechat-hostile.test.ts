/**
 * Forged, replayed and hostile WeChat callbacks (docs/decisions.md, "callback authenticity"): nothing
 * of a body is read before the query's signature holds (proven over a real socket: the answer comes
 * while the body is still unsent), msg_signature is checked over the raw Encrypt text, a signed
 * `(timestamp, nonce)` works once (shared through Redis between instances), hostile XML is 400, and a
 * re-binding to an address no client has is refused.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildRankingApp } from '../../src/boards-app.js';
import { createServices } from '../../src/services.js';
import { openRaw, parseRaw } from '../http/raw-socket.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { listen } from '../support/net.js';
import { linkState, uniquePrefix } from '../support/redis.js';
import {
  callbackUrl,
  encryptAsWechat,
  encryptedEnvelope,
  replyFields,
  textMessage,
  tokenIn,
  WECHAT,
  WECHAT_ENV,
} from './support/wechat-fixtures.js';

const REDIS_URL = process.env.TEST_REDIS_URL;
const openId = () => `oUser_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
const nested = (depth: number) => `<xml>${'<a>'.repeat(depth)}x${'</a>'.repeat(depth)}</xml>`;

/** Headers of a POST that promises a body it never sends; resolves with the first answer. */
async function answerBeforeBody(port: number, url: string): Promise<ReturnType<typeof parseRaw>> {
  const { socket, closed } = await openRaw(port, '127.0.0.71');
  const head = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = /content-length: *(\d+)/i.exec(text);
      const end = text.indexOf('\r\n\r\n');
      if (match && end !== -1 && Buffer.byteLength(text.slice(end + 4)) >= Number(match[1])) resolve(text);
    });
  });
  socket.write(`POST ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: 60000\r\nAccept-Language: en\r\n\r\n<xml>`);
  const answer = parseRaw(await head);
  socket.destroy();
  await closed;
  return answer;
}

for (const store of STORES) {
  describe(`hostile WeChat callbacks [${store}]`, () => {
    let ctx: TestContext;
    let port: number;
    before(async () => {
      ctx = await createTestContext(store, WECHAT_ENV);
      port = await listen(ctx.rankingApp);
    });
    after(() => ctx.close());

    const post = (url: string, body: string): Promise<LightMyRequestResponse> =>
      ctx.rankingApp.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'text/xml', 'accept-language': 'en' } });

    test('a forged or unsigned delivery is refused before its body is read, in both modes', async () => {
      const forged = await answerBeforeBody(port, callbackUrl({ token: 'guessed' }));
      assert.equal(forged.status, 403);
      assert.equal(forged.body?.error_code, 'FORBIDDEN');
      const unsigned = await answerBeforeBody(port, '/wechat?encrypt_type=aes');
      assert.equal(unsigned.status, 400);
      const forgedSafe = await answerBeforeBody(port, `${callbackUrl({ token: 'guessed', encrypted: 'AAAA' })}`);
      assert.equal(forgedSafe.status, 403);
    });

    test('without a valid signature, deep nesting and reserved element names are refused unread (403, never 500)', async () => {
      for (const body of [nested(12), '<xml><__proto__>x</__proto__></xml>', '<xml><constructor>x</constructor></xml>']) {
        const response = await post('/wechat?signature=0&timestamp=1&nonce=1', body);
        assert.ok([400, 403].includes(response.statusCode), `${response.statusCode}`);
        assert.equal(response.json().success, false);
      }
    });

    test('with a valid signature, hostile XML is 400 in the envelope, never 500', async () => {
      for (const body of [
        nested(12),
        '<xml><__proto__><polluted>1</polluted></__proto__><FromUserName>a</FromUserName></xml>',
        '<xml><constructor>x</constructor><FromUserName>a</FromUserName></xml>',
        '<xml><_Hidden>x</_Hidden></xml>',
        `<xml><${'N'.repeat(100)}>x</${'N'.repeat(100)}></xml>`,
        '<xml><a></b></xml>',
      ]) {
        const response = await post(callbackUrl(), body);
        assert.equal(response.statusCode, 400, body.slice(0, 40));
        assert.equal(response.json().error_code, 'BAD_REQUEST');
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined);
    });

    test('a signed URL works once: the same timestamp and nonce with another body is a 403 replay', async () => {
      const url = callbackUrl();
      const victim = openId();
      const first = await post(url, textMessage(openId(), 'help'));
      assert.equal(first.statusCode, 200);
      const replayed = await post(url, textMessage(victim, 'token'));
      assert.equal(replayed.statusCode, 403);
      assert.match(replayed.json().error, /replay/);
      assert.equal((await ctx.services.rankings.tokens.list()).filter((record) => record.owner === victim).length, 0);
      const verification = callbackUrl({ echostr: 'e1' });
      assert.equal((await ctx.rankingApp.inject(verification)).statusCode, 200);
      assert.equal((await ctx.rankingApp.inject(verification)).statusCode, 403);
    });

    test('in the encrypted mode msg_signature covers the payload, and the pair works once too', async () => {
      const user = openId();
      const encrypted = encryptAsWechat(textMessage(user, 'token'));
      const url = callbackUrl({ encrypted });
      const other = encryptAsWechat(textMessage(openId(), 'token'));
      assert.equal((await post(url, encryptedEnvelope(other))).statusCode, 403, 'another payload under the same msg_signature');
      const first = await post(url, encryptedEnvelope(encrypted));
      assert.equal(first.statusCode, 200);
      assert.equal((await post(url, encryptedEnvelope(encrypted))).statusCode, 403);
    });

    test('re-binding to 0.0.0.0, ::, broadcast or multicast is refused with a reply, and the binding stays', async () => {
      const user = openId();
      const say = async (content: string) => replyFields((await post(callbackUrl(), textMessage(user, content))).body).Content ?? '';
      const token = tokenIn(await say('token'));
      assert.ok(token);
      assert.match(await say('换绑 127.0.0.80'), /127\.0\.0\.80/);
      for (const address of ['0.0.0.0', '::', '255.255.255.255', '224.0.0.1', 'ff02::1', '::ffff:0.0.0.0']) {
        assert.match(await say(`换绑 ${address}`), /未指定、广播或组播/, address);
      }
      const record = await ctx.services.rankings.tokens.find(token);
      assert.equal(record?.boundAddress, '127.0.0.80');
    });
  });

  test(`encrypt_type=aes without an EncodingAESKey is a clear 400 before the body is read [${store}]`, async () => {
    const plainOnly = await createTestContext(store, { WECHAT_TOKEN: WECHAT.token });
    try {
      const answer = await answerBeforeBody(await listen(plainOnly.rankingApp), callbackUrl({ encrypted: 'AAAA' }));
      assert.equal(answer.status, 400);
      assert.match(String(answer.body?.error), /encrypted mode is not configured/);
    } finally {
      await plainOnly.close();
    }
  });

  describe(`failed ranking-token attempts are throttled per address [${store}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(store, { RANKING_FAILED_AUTH_LIMIT: '3', LANGUAGE: 'en' });
    });
    after(() => ctx.close());

    const attempt = (from: string, authorization: string) =>
      ctx.rankingApp.inject({ url: '/api/drama-actors', remoteAddress: from, headers: { authorization } });

    test('after the limit every attempt of the address is 429, a valid token included; other addresses are not affected', async () => {
      const valid = (await ctx.services.rankings.tokens.issue()).token;
      const wrong = `dxr_${'A'.repeat(43)}`;
      const statuses = [];
      for (const authorization of [`Bearer ${wrong}`, 'Bearer nonsense', `Bearer ${wrong}`, `Bearer ${wrong}`]) {
        statuses.push((await attempt('10.30.0.1', authorization)).statusCode);
      }
      assert.deepEqual(statuses, [401, 401, 401, 429]);
      const lucky = await attempt('10.30.0.1', `Bearer ${valid}`);
      assert.equal(lucky.statusCode, 429);
      assert.equal(lucky.json().error_code, 'RATE_LIMIT_EXCEEDED');
      assert.ok(Number(lucky.headers['retry-after']) >= 1);
      // An IPv6 client is one client per /64.
      for (let i = 0; i < 3; i++) await attempt(`2001:db8:30::${i + 1}`, `Bearer ${wrong}`);
      assert.equal((await attempt('2001:db8:30::99', `Bearer ${valid}`)).statusCode, 429);
      assert.equal((await attempt('10.30.0.2', `Bearer ${valid}`)).statusCode, 200);
    });
  });
}

describe('signed pairs are remembered in Redis, so a replay fails on another instance', {
  skip: REDIS_URL ? false : 'TEST_REDIS_URL is not set',
}, () => {
  test('a pair used on one instance is refused on the other', async () => {
    const ctx = await createTestContext('sqlite', {
      ...WECHAT_ENV,
      REDIS_URL: REDIS_URL as string,
      REDIS_KEY_PREFIX: uniquePrefix('wechat'),
      // A command slowed by a loaded machine must not switch an instance to its own memory: this test is
      // about sharing, the fallback has tests of its own (test/limits/redis-outage.test.ts).
      REDIS_COMMAND_TIMEOUT_MS: '10000',
    });
    const second = await createServices(ctx.config, { pollMs: 0 });
    const secondApp = await buildRankingApp(second);
    try {
      await Promise.all([linkState(ctx.services.redis, true), linkState(second.redis, true)]);
      const url = callbackUrl();
      const send = (app: typeof secondApp) =>
        app.inject({ method: 'POST', url, payload: textMessage(openId(), 'help'), headers: { 'content-type': 'text/xml' } });
      assert.equal((await send(ctx.rankingApp)).statusCode, 200);
      assert.equal((await send(secondApp)).statusCode, 403);
    } finally {
      await secondApp.close();
      await second.close();
      await ctx.close();
    }
  });
});
