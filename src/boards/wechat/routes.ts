/**
 * `/wechat` on the ranking address: GET answers the console's URL verification, POST takes callback
 * deliveries. The query's signature and timestamp are checked in `onRequest`, before the body is read at
 * all; bodies are then read as text up to a small limit (WeChat's messages are a few hundred bytes) and
 * only as XML; the answer is XML (or `success`) as the protocol wants, errors the usual envelope.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { noTallies, type Tally } from '../../observability/instruments.js';
import { WECHAT_OUTCOMES, type WechatOutcome } from '../outcomes.js';
import type { CallbackQuery, WechatChannel } from './channel.js';

const WECHAT_BODY_LIMIT = 64 * 1024;

export interface WechatRoutesOptions {
  channel: WechatChannel;
  /** One tally per outcome (metrics). */
  outcomes?: Record<WechatOutcome, Tally> | undefined;
}

const callbackQuery = Type.Object({
  signature: Type.Optional(Type.String()),
  timestamp: Type.Optional(Type.String()),
  nonce: Type.Optional(Type.String()),
  echostr: Type.Optional(Type.String()),
  openid: Type.Optional(Type.String()),
  encrypt_type: Type.Optional(Type.String()),
  msg_signature: Type.Optional(Type.String()),
});

export const wechatRoutes: FastifyPluginAsyncTypebox<WechatRoutesOptions> = async (app, { channel, outcomes }) => {
  const counted = outcomes ?? noTallies(WECHAT_OUTCOMES);
  // A refusal is any error answer (bad signature, stale timestamp, malformed XML); the hook sees them all.
  app.addHook('onResponse', (_request, reply, done) => {
    if (reply.statusCode >= 400) counted.refused.inc();
    done();
  });

  app.addContentTypeParser(
    ['text/xml', 'application/xml', 'text/plain'],
    { parseAs: 'string', bodyLimit: WECHAT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  // A forged or stale callback is refused before a byte of its body is read.
  app.addHook('onRequest', async (request) => channel.authenticity.checkQuery(request.query as Record<string, unknown>));

  app.get('/wechat', { schema: { querystring: callbackQuery, hide: true } }, async (request, reply) => {
    const echo = await channel.verifyUrl(request.query as CallbackQuery);
    counted.verified.inc();
    return reply.type('text/plain; charset=utf-8').send(echo);
  });

  app.post('/wechat', { schema: { querystring: callbackQuery, hide: true }, bodyLimit: WECHAT_BODY_LIMIT }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const answer = await channel.deliver(request.query as CallbackQuery, body);
    counted.answered.inc();
    return reply.type(answer.startsWith('<') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8').send(answer);
  });
};
