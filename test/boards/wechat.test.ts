// The WeChat Official Account channel at /wechat on the ranking address, driven with fixtures signed and
// encrypted by an implementation of the protocol written in the test (support/wechat-fixtures.ts).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { type CallbackQuery, WechatChannel } from '../../src/boards/wechat/channel.js';
import { Conversation } from '../../src/boards/wechat/conversation.js';
import { afterMs, type Deadline, within } from '../../src/boards/wechat/reply-deadline.js';
import { buildRankingApp } from '../../src/boards-app.js';
import { createServices } from '../../src/services.js';
import { createTestContext, STORES, type TestContext } from '../support/harness.js';
import { listen, socketRequest } from '../support/net.js';
import { importBoard } from './support/helpers.js';
import {
  callbackUrl,
  decryptAsWechat,
  encryptAsWechat,
  encryptedEnvelope,
  eventMessage,
  imageMessage,
  nextMsgId,
  replyFields,
  sha1Sorted,
  textMessage,
  tokenIn,
  WECHAT,
  WECHAT_ENV,
} from './support/wechat-fixtures.js';

const PATH = '/api/drama-actors/hot-dramas';
const openId = () => `oUser_${randomUUID().replace(/-/g, '').slice(0, 20)}`;

for (const store of STORES) {
  describe(`WeChat channel [${store}]`, () => {
    let ctx: TestContext;
    let port: number;
    before(async () => {
      ctx = await createTestContext(store, WECHAT_ENV);
      await importBoard(ctx, 'hot-dramas', [{ title: '千金归来杀疯了' }]);
      port = await listen(ctx.rankingApp);
    });
    after(() => ctx.close());

    const post = (url: string, body: string, contentType = 'text/xml'): Promise<LightMyRequestResponse> =>
      ctx.rankingApp.inject({ method: 'POST', url, payload: body, headers: { 'content-type': contentType } });

    /** A plain-mode text message; the reply's fields. */
    const say = async (from: string, content: string, msgId?: string) => {
      const response = await post(callbackUrl({ openid: from }), textMessage(from, content, msgId));
      assert.equal(response.statusCode, 200, response.body);
      return replyFields(response.body);
    };

    describe('URL verification', () => {
      test('a correct signature gets the echostr back as plain text', async () => {
        const response = await ctx.rankingApp.inject(callbackUrl({ echostr: '7284915034721839' }));
        assert.equal(response.statusCode, 200);
        assert.equal(response.body, '7284915034721839');
        assert.match(String(response.headers['content-type']), /^text\/plain/);
      });

      test('a wrong token, a tampered signature or none at all is 403; a stale timestamp is 403', async () => {
        const wrongToken = await ctx.rankingApp.inject(callbackUrl({ echostr: 'e', token: 'someOtherToken' }));
        assert.equal(wrongToken.statusCode, 403);
        assert.equal(wrongToken.json().error_code, 'FORBIDDEN');
        const tampered = callbackUrl({ echostr: 'e' }).replace(
          /signature=([0-9a-f])/,
          (_, c: string) => `signature=${c === '0' ? '1' : '0'}`,
        );
        assert.equal((await ctx.rankingApp.inject(tampered)).statusCode, 403);
        const unsigned = callbackUrl({ echostr: 'e' }).replace(/signature=[0-9a-f]+&?/, '');
        assert.equal((await ctx.rankingApp.inject(unsigned)).statusCode, 403);
        const stale = await ctx.rankingApp.inject(callbackUrl({ echostr: 'e', timestamp: Math.floor(Date.now() / 1000) - 301 }));
        assert.equal(stale.statusCode, 403);
        assert.match(stale.json().error, /timestamp/);
        const future = await ctx.rankingApp.inject(callbackUrl({ echostr: 'e', timestamp: Math.floor(Date.now() / 1000) + 301 }));
        assert.equal(future.statusCode, 403);
        const withinTolerance = await ctx.rankingApp.inject(callbackUrl({ echostr: 'e', timestamp: Math.floor(Date.now() / 1000) - 250 }));
        assert.equal(withinTolerance.statusCode, 200);
      });

      test('missing echostr or timestamp is 400', async () => {
        assert.equal((await ctx.rankingApp.inject(callbackUrl())).statusCode, 400);
        const noTimestamp = callbackUrl({ echostr: 'e' }).replace(/timestamp=\d+&?/, '');
        assert.equal((await ctx.rankingApp.inject(noTimestamp)).statusCode, 400);
      });
    });

    describe('plain mode', () => {
      test('the token keyword answers with a passive text reply holding a token that then works from its first address', async () => {
        const user = openId();
        const reply = await say(user, 'token');
        assert.equal(reply.ToUserName, user);
        assert.equal(reply.FromUserName, WECHAT.account);
        assert.equal(reply.MsgType, 'text');
        assert.match(reply.CreateTime ?? '', /^\d+$/);
        const token = tokenIn(reply.Content ?? '');
        assert.match(reply.Content ?? '', /首次使用时自动绑定/);
        const first = await socketRequest(port, PATH, { from: '127.0.0.2', token });
        assert.equal(first.status, 200);
        assert.equal(first.json().data.items[0].title, '千金归来杀疯了');
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.3', token })).status, 403);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.2', token })).status, 200);
        // Asked again, the same user gets the same token, now showing its address.
        const again = await say(user, '令牌');
        assert.equal(tokenIn(again.Content ?? ''), token);
        assert.match(again.Content ?? '', /127\.0\.0\.2/);
        const owned = (await ctx.services.rankings.tokens.list()).filter((record) => record.owner === user);
        assert.equal(owned.length, 1);
      });

      test('keywords match after NFKC, case folding and trimming; different users get different tokens', async () => {
        const user = openId();
        const token = tokenIn((await say(user, 'token')).Content ?? '');
        for (const variant of ['TOKEN', '  Token  ', 'ｔｏｋｅｎ', '令牌']) {
          assert.equal(tokenIn((await say(user, variant)).Content ?? ''), token, variant);
        }
        assert.notEqual(tokenIn((await say(openId(), 'token')).Content ?? ''), token);
      });

      test('the re-bind keyword clears the address (the next user binds it) or sets the one given', async () => {
        const user = openId();
        const token = tokenIn((await say(user, 'token')).Content ?? '');
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.4', token })).status, 200);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.5', token })).status, 403);
        assert.match((await say(user, '换绑')).Content ?? '', /已解除地址绑定/);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.5', token })).status, 200);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.4', token })).status, 403);
        assert.match((await say(user, '换绑 127.0.0.6')).Content ?? '', /已绑定到 127\.0\.0\.6/);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.6', token })).status, 200);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.5', token })).status, 403);
        assert.match((await say(user, 'rebind ::ffff:127.0.0.7')).Content ?? '', /127\.0\.0\.7/);
        assert.match((await say(user, '换绑 not-an-address')).Content ?? '', /不是有效的 IP 地址/);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.7', token })).status, 200);
      });

      test('re-binding without a token says how to get one', async () => {
        assert.match((await say(openId(), '换绑')).Content ?? '', /还没有令牌.*「token」/);
      });

      test('help, any other text, a new follower and other message types get the help text; other events get no reply', async () => {
        for (const text of ['help', '帮助', '今天有什么好看的短剧']) {
          const reply = await say(openId(), text);
          assert.match(reply.Content ?? '', /「token」 「令牌」/, text);
          assert.match(reply.Content ?? '', /「换绑」/, text);
        }
        const user = openId();
        const followed = await post(callbackUrl(), eventMessage(user, 'subscribe'));
        assert.match(replyFields(followed.body).Content ?? '', /排行榜令牌服务/);
        const unfollowed = await post(callbackUrl(), eventMessage(user, 'unsubscribe'));
        assert.equal(unfollowed.statusCode, 200);
        assert.equal(unfollowed.body, 'success');
        const image = await post(callbackUrl(), imageMessage(user));
        assert.match(replyFields(image.body).Content ?? '', /排行榜令牌服务/);
      });

      test('a delivery with a bad or missing signature, or a stale timestamp, is refused and has no effect', async () => {
        const user = openId();
        const forged = await post(callbackUrl({ token: 'guessedToken' }), textMessage(user, 'token'));
        assert.equal(forged.statusCode, 403);
        const stale = await post(callbackUrl({ timestamp: Math.floor(Date.now() / 1000) - 3600 }), textMessage(user, 'token'));
        assert.equal(stale.statusCode, 403);
        const unsigned = await post('/wechat', textMessage(user, 'token'));
        assert.equal(unsigned.statusCode, 400);
        assert.equal((await ctx.services.rankings.tokens.list()).filter((record) => record.owner === user).length, 0);
      });

      test('a duplicate MsgId gets the same answer without doing the work again', async () => {
        const user = openId();
        const token = tokenIn((await say(user, 'token')).Content ?? '');
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.8', token })).status, 200);
        const msgId = nextMsgId();
        const first = await say(user, '换绑', msgId);
        // The first address is cleared; a new one binds it.
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.9', token })).status, 200);
        // WeChat re-delivers the same message: same reply, and the binding to 127.0.0.9 stays.
        const retry = await say(user, '换绑', msgId);
        assert.equal(retry.Content, first.Content);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.8', token })).status, 403);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.9', token })).status, 200);
        // A new message (new MsgId) with the same text does act.
        await say(user, '换绑');
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.8', token })).status, 200);
      });

      test('duplicate deliveries arriving together share one answer and one token', async () => {
        const user = openId();
        const msgId = nextMsgId();
        const replies = await Promise.all([1, 2, 3].map(() => post(callbackUrl(), textMessage(user, 'token', msgId))));
        const tokens = replies.map((reply) => tokenIn(replyFields(reply.body).Content ?? ''));
        assert.equal(new Set(tokens).size, 1);
        assert.equal((await ctx.services.rankings.tokens.list()).filter((record) => record.owner === user).length, 1);
      });

      test('a user whose token was revoked gets a new one that works', async () => {
        const user = openId();
        const old = tokenIn((await say(user, 'token')).Content ?? '');
        const record = await ctx.services.rankings.tokens.find(old);
        assert.ok(record);
        await ctx.services.rankings.tokens.revoke(record.id);
        const fresh = tokenIn((await say(user, 'token')).Content ?? '');
        assert.notEqual(fresh, old);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.2', token: fresh })).status, 200);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.2', token: old })).status, 401);
      });
    });

    describe('encrypted mode', () => {
      const sayEncrypted = async (from: string, content: string) => {
        const encrypted = encryptAsWechat(textMessage(from, content));
        const timestamp = Math.floor(Date.now() / 1000);
        const response = await post(callbackUrl({ encrypted, timestamp, openid: from }), encryptedEnvelope(encrypted));
        assert.equal(response.statusCode, 200, response.body);
        return response;
      };

      test('round trip: the reply is encrypted for our AppID, signed, padded to 32-byte blocks, and holds a working token', async () => {
        const user = openId();
        const sent = Math.floor(Date.now() / 1000);
        const response = await sayEncrypted(user, 'token');
        const answered = Math.floor(Date.now() / 1000);
        const outer = replyFields(response.body);
        assert.deepEqual(Object.keys(outer).sort(), ['Encrypt', 'MsgSignature', 'Nonce', 'TimeStamp']);
        assert.equal(outer.MsgSignature, sha1Sorted(WECHAT.token, outer.TimeStamp ?? '', outer.Nonce ?? '', outer.Encrypt ?? ''));
        // The reply's time is the server's clock while it answered, however long that took.
        assert.ok(sent <= Number(outer.TimeStamp) && Number(outer.TimeStamp) <= answered, `${sent} ≤ ${outer.TimeStamp} ≤ ${answered}`);
        const opened = decryptAsWechat(outer.Encrypt ?? '');
        assert.equal(opened.appId, WECHAT.appId);
        assert.equal(opened.plainLength % 32, 0);
        assert.ok(opened.padLength >= 1 && opened.padLength <= 32);
        const inner = replyFields(opened.message);
        assert.equal(inner.ToUserName, user);
        assert.equal(inner.FromUserName, WECHAT.account);
        assert.equal(inner.MsgType, 'text');
        const token = tokenIn(inner.Content ?? '');
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.11', token })).status, 200);
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.12', token })).status, 403);
        // The same user over the plain mode gets the same token.
        assert.equal(tokenIn((await say(user, 'token')).Content ?? ''), token);
      });

      test('a message whose length is a multiple of 32 bytes still round-trips (a whole block of padding)', async () => {
        const user = openId();
        let content = 'help';
        while ((16 + 4 + Buffer.byteLength(textMessage(user, content, '1')) + WECHAT.appId.length) % 32 !== 0) content += '.';
        const encrypted = encryptAsWechat(textMessage(user, content, '1'));
        assert.equal(decryptAsWechat(encrypted).padLength, 32);
        const response = await post(callbackUrl({ encrypted }), encryptedEnvelope(encrypted));
        assert.equal(response.statusCode, 200);
        assert.match(replyFields(decryptAsWechat(replyFields(response.body).Encrypt ?? '').message).Content ?? '', /排行榜令牌服务/);
      });

      test('a wrong msg_signature is 403; a ciphertext for another AppID is 403; garbage that decrypts to nothing is 400', async () => {
        const user = openId();
        const encrypted = encryptAsWechat(textMessage(user, 'token'));
        const badSignature = callbackUrl({ encrypted: `${encrypted}x` });
        assert.equal((await post(badSignature, encryptedEnvelope(encrypted))).statusCode, 403);
        const otherApp = encryptAsWechat(textMessage(user, 'token'), 'wx0000000000000000');
        const wrongApp = await post(callbackUrl({ encrypted: otherApp }), encryptedEnvelope(otherApp));
        assert.equal(wrongApp.statusCode, 403);
        assert.match(wrongApp.json().error, /AppID/);
        const otherKey = encryptAsWechat(textMessage(user, 'token'), WECHAT.appId, 'A'.repeat(43));
        assert.equal((await post(callbackUrl({ encrypted: otherKey }), encryptedEnvelope(otherKey))).statusCode, 400);
        const notBlocks = Buffer.from('not aes').toString('base64');
        assert.equal((await post(callbackUrl({ encrypted: notBlocks }), encryptedEnvelope(notBlocks))).statusCode, 400);
        const stale = await post(callbackUrl({ encrypted, timestamp: Math.floor(Date.now() / 1000) - 1000 }), encryptedEnvelope(encrypted));
        assert.equal(stale.statusCode, 403);
        assert.equal((await ctx.services.rankings.tokens.list()).filter((record) => record.owner === user).length, 0);
      });
    });

    describe('hostile input', () => {
      test('a DTD (entity expansion) is refused, not expanded', async () => {
        const bomb = `<?xml version="1.0"?><!DOCTYPE xml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><xml><ToUserName><![CDATA[gh]]></ToUserName><FromUserName>&c;</FromUserName><MsgType>text</MsgType><Content>token</Content><MsgId>1</MsgId></xml>`;
        const response = await post(callbackUrl(), bomb);
        assert.equal(response.statusCode, 400);
        assert.match(response.json().error, /DTD/);
        const external = `<!DOCTYPE xml [<!ENTITY x SYSTEM "file:///etc/passwd">]><xml><Content>&x;</Content></xml>`;
        assert.equal((await post(callbackUrl(), external)).statusCode, 400);
      });

      test('malformed XML and a wrong root are 400', async () => {
        assert.equal((await post(callbackUrl(), '<xml><Content>token</Content>')).statusCode, 400);
        assert.equal((await post(callbackUrl(), 'token')).statusCode, 400);
        assert.equal((await post(callbackUrl(), '<message><Content>token</Content></message>')).statusCode, 400);
      });

      test('an oversized body is refused before it is read whole', async () => {
        const user = openId();
        const huge = textMessage(user, `token${' '.repeat(70 * 1024)}`);
        const response = await post(callbackUrl(), huge);
        assert.equal(response.statusCode, 413);
        assert.equal(response.json().error_code, 'PAYLOAD_TOO_LARGE');
        assert.equal((await ctx.services.rankings.tokens.list()).filter((record) => record.owner === user).length, 0);
      });

      test('a 64-bit MsgId is kept exactly (two ids a double cannot tell apart are two messages)', async () => {
        const user = openId();
        const token = tokenIn((await say(user, 'token')).Content ?? '');
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.13', token })).status, 200);
        // 2^53 and 2^53 + 1 are the same double.
        await say(user, '换绑 127.0.0.14', '9007199254740992');
        await say(user, '换绑', '9007199254740993');
        assert.equal((await socketRequest(port, PATH, { from: '127.0.0.15', token })).status, 200, 'the second re-bind acted');
      });
    });
  });

  describe(`WeChat channel in plain mode only [${store}]`, () => {
    test('an encrypted delivery is 400 when no EncodingAESKey is configured; plain works', async () => {
      const ctx = await createTestContext(store, { WECHAT_TOKEN: WECHAT.token });
      try {
        const encrypted = encryptAsWechat(textMessage(openId(), 'token'));
        const response = await ctx.rankingApp.inject({
          method: 'POST',
          url: callbackUrl({ encrypted }),
          payload: encryptedEnvelope(encrypted),
          headers: { 'content-type': 'text/xml' },
        });
        assert.equal(response.statusCode, 400);
        const plain = await ctx.rankingApp.inject({
          method: 'POST',
          url: callbackUrl(),
          payload: textMessage(openId(), 'token'),
          headers: { 'content-type': 'text/xml' },
        });
        assert.match(replyFields(plain.body).Content ?? '', /dxr_/);
      } finally {
        await ctx.close();
      }
    });

    test('without WECHAT_TOKEN there is no /wechat', async () => {
      const ctx = await createTestContext(store);
      try {
        assert.equal((await ctx.rankingApp.inject(callbackUrl({ echostr: 'e' }))).statusCode, 404);
      } finally {
        await ctx.close();
      }
    });

    test('configured keywords replace the defaults', async () => {
      const ctx = await createTestContext(store, {
        WECHAT_TOKEN: WECHAT.token,
        WECHAT_TOKEN_KEYWORDS: '取令牌,key',
        WECHAT_REBIND_KEYWORDS: '改地址',
      });
      try {
        const ask = async (content: string) =>
          replyFields(
            (
              await ctx.rankingApp.inject({
                method: 'POST',
                url: callbackUrl(),
                payload: textMessage('oConfigured', content),
                headers: { 'content-type': 'text/xml' },
              })
            ).body,
          ).Content ?? '';
        assert.match(await ask('取令牌'), /dxr_/);
        assert.match(await ask('KEY'), /dxr_/);
        assert.doesNotMatch(await ask('token'), /dxr_/);
        assert.match(await ask('改地址'), /已解除地址绑定/);
      } finally {
        await ctx.close();
      }
    });
  });

  describe(`channel tokens and the derivation key [${store}]`, () => {
    test('when RANKING_TOKEN_SECRET changes, the user gets a replacement token that keeps the binding', async () => {
      const ctx = await createTestContext(store, { ...WECHAT_ENV, RANKING_TOKEN_SECRET: 'a'.repeat(40) });
      const rotated = await createServices(
        { ...ctx.config, ranking: { ...ctx.config.ranking, tokenSecret: 'b'.repeat(40) } },
        { pollMs: 0 },
      );
      const rotatedApp = await buildRankingApp(rotated);
      try {
        await importBoard(ctx, 'hot-dramas', [{ title: '重生八零' }]);
        const ask = async (app: typeof rotatedApp) =>
          tokenIn(
            replyFields(
              (
                await app.inject({
                  method: 'POST',
                  url: callbackUrl(),
                  payload: textMessage('oRotated', 'token'),
                  headers: { 'content-type': 'text/xml' },
                })
              ).body,
            ).Content ?? '',
          );
        const old = await ask(ctx.rankingApp);
        assert.equal(await ask(ctx.rankingApp), old);
        assert.equal(
          (await ctx.rankingApp.inject({ url: PATH, headers: { authorization: `Bearer ${old}` }, remoteAddress: '127.0.0.2' })).statusCode,
          200,
        );
        const replacement = await ask(rotatedApp);
        assert.notEqual(replacement, old);
        assert.equal(await ask(rotatedApp), replacement);
        const use = (token: string, from: string) =>
          rotatedApp.inject({ url: PATH, headers: { authorization: `Bearer ${token}` }, remoteAddress: from });
        assert.equal((await use(old, '127.0.0.2')).statusCode, 401);
        assert.equal((await use(replacement, '127.0.0.2')).statusCode, 200);
        assert.equal((await use(replacement, '127.0.0.3')).statusCode, 403, 'the binding was kept');
      } finally {
        await rotatedApp.close();
        await rotated.close();
        await ctx.close();
      }
    });
  });
}

describe('the 5-second deadline', () => {
  /** A deadline the test ends itself, and a promise it settles itself: no real time involved. */
  function controlled() {
    let expire: () => void = () => undefined;
    const deadline: Deadline = () =>
      new Promise<void>((resolve) => {
        expire = resolve;
      });
    return { deadline, expire: () => expire() };
  }

  test('an answer that is not ready in time gives way to the fallback, and keeps running', async () => {
    const { deadline, expire } = controlled();
    let finish: (answer: string) => void = () => undefined;
    const slow = new Promise<string>((resolve) => {
      finish = resolve;
    });
    const answer = within(slow, deadline, 'late');
    expire();
    assert.equal(await answer, 'late');
    finish('answer');
    assert.equal(await slow, 'answer');
    assert.equal(await within(Promise.resolve('quick'), controlled().deadline, 'late'), 'quick');
  });

  test('the default deadline is 4 s of the (fake) clock', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const never = new Promise<string>(() => undefined);
    const answer = within(never, afterMs(4000), 'late');
    t.mock.timers.tick(3999);
    let settled = false;
    void answer.then(() => {
      settled = true;
    });
    await Promise.resolve();
    assert.equal(settled, false);
    t.mock.timers.tick(1);
    assert.equal(await answer, 'late');
  });
});

describe('the 5-second deadline on a busy store', { skip: STORES.includes('postgres') ? false : 'TEST_DATABASE_URL is not set' }, () => {
  test('the first delivery says "still working"; WeChat\'s retry of the same MsgId gets the real answer, acted on once', async () => {
    const ctx = await createTestContext('postgres', WECHAT_ENV);
    const wechat = ctx.config.wechat ?? assert.fail('channel configured');
    // The first delivery's deadline ends as soon as the delivery waits on the locked row; the retry's never
    // does, so it gets the real answer however long the machine takes.
    let deadlines = 0;
    const channel = new WechatChannel(wechat, new Conversation(ctx.services.rankings.tokens, wechat.keywords, 'zh'), 'zh', {
      replyDeadline: () => (++deadlines === 1 ? Promise.resolve() : new Promise<void>(() => undefined)),
    });
    const pg = (await import('pg')).default;
    const locker = new pg.Client({ connectionString: ctx.config.databaseUrl });
    try {
      const user = openId();
      const { record } = await ctx.services.rankings.tokens.tokenForOwner(user);
      await ctx.services.rankings.tokens.rebind(record.id, '127.0.0.2');
      await locker.connect();
      await locker.query('begin');
      await locker.query('select id from ranking_tokens where id = $1 for update', [record.id]);
      const query = () => Object.fromEntries(new URL(callbackUrl(), 'http://x').searchParams) as CallbackQuery;
      const msgId = nextMsgId();
      const first = replyFields(await channel.deliver(query(), textMessage(user, '换绑', msgId)));
      assert.match(first.Content ?? '', /正在处理/);
      await locker.query('rollback');
      const retry = replyFields(await channel.deliver(query(), textMessage(user, '换绑', msgId)));
      assert.match(retry.Content ?? '', /已解除地址绑定/);
      assert.equal((await ctx.services.rankings.tokens.find(String(record.id)))?.boundAddress, null);
    } finally {
      await locker.end().catch(() => undefined);
      await ctx.close();
    }
  });
});
