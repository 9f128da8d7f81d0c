/**
 * The link-health endpoints (docs/link-health.md, "Operations"): `GET /api/link-status` answers what the
 * store knows of one catalogue link (hidden entries included; 404 for a link it does not hold), and
 * `POST /api/link-reports` takes a person's report that a link is broken, as JSON from clients or as a
 * plain form from the web page (which then gets a small page back). A report only moves the link to the
 * head of the check queue; it is limited per address (REPORTS_PER_HOUR, shared through Redis when set).
 * Both run under the catalogue API's limits like every `/api/` route.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Config } from '../config/config.js';
import { addressGroup } from '../http/client-address.js';
import { errorResponses, SuccessEnvelope, success } from '../http/envelope.js';
import { ApiError, badRequest, rateLimited } from '../http/errors.js';
import { responseLanguage } from '../http/language.js';
import { operationDocs } from '../http/operation-docs.js';
import { LINK_REPORTS_PATH } from '../http/paths.js';
import { strictBodyValidator } from '../http/strict-body.js';
import { Counter, isRefusal } from '../redis/counter.js';
import type { RedisLink } from '../redis/redis-link.js';
import { VERDICTS } from './link-checker.js';
import type { LinkServices } from './link-services.js';
import { reportPage as plainReportPage } from './report-page.js';

export const REPORTS_PER_HOUR = 20;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const BODY_LIMIT = 4096;
const LINK_MAX = 2048;

export interface LinkRoutesOptions {
  config: Config;
  links: LinkServices;
  redis?: RedisLink | undefined;
  /** Addresses the report limit leaves alone (EXEMPT_ADDRESSES, as the catalogue limits do). */
  isExempt?: ((address: string) => boolean) | undefined;
  /** The web page's answer to a browser's report (its look, a way back); undefined: JSON, or the plain page for a form. */
  reportPage?: ((request: FastifyRequest) => string | undefined) | undefined;
}

const LinkStatus = Type.Object({
  source_link: Type.String(),
  provider: Type.Union([Type.String(), Type.Null()], { description: 'the provider id, null for a link of no known provider' }),
  verdict: Type.Union([Type.String({ enum: [...VERDICTS] }), Type.Null()], { description: 'the latest verdict; null: never checked' }),
  checked_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  hidden: Type.Boolean({ description: 'true while the entry is hidden (its link confirmed dead)' }),
  reason: Type.Union([Type.String(), Type.Null()], {
    description:
      "the latest verdict's evidence as one line: the row that decided, the HTTP status, the provider's code and message; null: never checked",
  }),
});

function linkNotHeld(link: string): ApiError {
  return new ApiError({
    status: 404,
    code: 'RESOURCE_NOT_FOUND',
    message: { zh: '资源不存在', en: 'Resource not found' },
    error: { zh: `目录中没有这个链接：${link}`, en: `The catalogue holds no entry with the link ${link}` },
    suggestion: { zh: '请使用目录条目中的 source_link 原文', en: 'Send the source_link of a catalogue entry exactly as served' },
  });
}

function linkOf(value: unknown): string {
  const link = typeof value === 'string' ? value.trim() : '';
  if (!link || link.length > LINK_MAX) {
    throw badRequest({ zh: '参数 link / source_link 缺失或过长', en: 'The link (source_link) is missing or longer than 2048 characters' });
  }
  return link;
}

export const linkRoutes: FastifyPluginAsyncTypebox<LinkRoutesOptions> = async (app, { config, links, redis, isExempt, reportPage }) => {
  const reports = new Counter(
    { name: 'link-reports', points: REPORTS_PER_HOUR, durationSeconds: 3600 },
    config.limits.redisKeyPrefix,
    redis,
  );
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const statusSchema = {
    ...operationDocs(
      'links',
      { zh: '某个链接的检查状态', en: "One link's check status" },
      {
        zh: '目录持有的链接（含已隐藏的条目）的服务商、判定与检查时间；目录中没有的链接为 404。',
        en: 'The provider, verdict and check times of a link the catalogue holds (hidden entries too); a link it does not hold is 404.',
      },
    ),
    querystring: Type.Object({ link: Type.String({ description: 'the source_link of a catalogue entry' }) }),
    response: { 200: SuccessEnvelope(LinkStatus), ...errorResponses },
  };
  app.get('/api/link-status', { schema: statusSchema }, async (request) => {
    const link = linkOf(request.query.link);
    const status = await links.health.status(link);
    if (!status) throw linkNotHeld(link);
    const { alive_at: _aliveAt, ...answer } = status;
    return success(
      { zh: '获取成功', en: 'Fetched successfully' },
      responseLanguage(request.headers['accept-language'], config.language),
      answer,
    );
  });

  const reportSchema = {
    ...operationDocs(
      'links',
      { zh: '报告失效链接', en: 'Report a broken link' },
      {
        zh: '唯一的 POST 接口。JSON 请求体 `{"source_link": "…"}`（网页表单亦可）；链接会尽快复查，得到 202。每个地址每小时有次数上限。',
        en: 'The one POST route. A JSON body `{"source_link": "…"}` (or the web page\'s form); the link is checked again soon, 202. Each address may report a limited number of times an hour.',
      },
    ),
    body: Type.Object(
      {
        source_link: Type.String({ description: 'the link a person found broken' }),
        back: Type.Optional(Type.String({ description: 'the web form only: the page to return to (a path of this site)' })),
      },
      { additionalProperties: true },
    ),
    response: { 202: SuccessEnvelope(Type.Object({ source_link: Type.String() })), ...errorResponses },
  };
  app.post(
    LINK_REPORTS_PATH,
    { schema: reportSchema, bodyLimit: BODY_LIMIT, validatorCompiler: strictBodyValidator },
    async (request, reply) => {
      const language = responseLanguage(request.headers['accept-language'], config.language);
      const fromForm = (request.headers['content-type'] ?? '').startsWith(FORM_TYPE);
      const link = linkOf(request.body.source_link);
      try {
        if (!isExempt?.(request.ip)) await reports.consume(addressGroup(request.ip));
      } catch (refusal) {
        if (!isRefusal(refusal)) throw refusal;
        throw rateLimited({
          retryAfterSeconds: refusal.msBeforeNext / 1000,
          message: { zh: '报告过于频繁', en: 'Too many reports' },
          error: { zh: `每个地址每小时最多报告 ${REPORTS_PER_HOUR} 次`, en: `At most ${REPORTS_PER_HOUR} reports an hour per address` },
          detail: { zh: '感谢报告，请稍后再试', en: 'Thank you; please try again later' },
        });
      }
      if (!(await links.report(link))) throw linkNotHeld(link);
      reply.code(202);
      const page = reportPage?.(request) ?? (fromForm ? plainReportPage(language) : undefined);
      if (page !== undefined) return reply.type('text/html; charset=utf-8').send(page as never);
      return success({ zh: '已收到报告，该链接会尽快复查', en: 'Report received; the link will be checked soon' }, language, {
        source_link: link,
      });
    },
  );
};
