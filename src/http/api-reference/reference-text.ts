/**
 * Every word of the API reference page (`/docs`) in both languages it speaks, as the web page's own
 * words are kept (web/page-text.ts): a page never mixes languages and a missing word is a type error.
 * Route summaries come from the OpenAPI document (http/operation-docs.ts), not from here.
 */
import type { Language } from '../../config/config.js';

const zh = {
  htmlLang: 'zh-CN',
  title: 'API 参考',
  skipToContent: '跳到正文',
  switchTo: 'English',
  switchLanguage: 'en' as Language,
  intro:
    '除 `POST /api/link-reports`（报告失效链接，JSON 请求体）外，所有接口都是 GET；都返回 JSON 信封：成功时 `success` 为 true 并带 `data`，出错时带 `error_code`、`error` 与 `suggestion`。',
  limits: '限额',
  pages:
    '页码最多到 1000：`page` 超过 1000 的请求会被拒绝（400），即使 `total_pages` 更大。要读取某一类型的全部资源，请使用 `/api/contents/{content_type}/all`（每分钟 1 次）。',
  noTryItOut: '本页不提供“在线试用”：每个请求都计入你的地址的限额，连续被拒会被暂时封禁。请复制下方的 curl 命令在终端运行。',
  keyTitle: '认证',
  apiKey: '可选的 `X-API-Key` 请求头：带上后按该密钥自己的速率计算，不再受按地址的限额约束；未知或已吊销的密钥返回 401。',
  bearer: '每个请求都要带 `Authorization: Bearer dxr_…` 令牌（通过消息渠道发送“令牌”获得）；缺少或格式错误为 401。',
  contents: '目录',
  parameters: '参数',
  noParameters: '无参数。',
  required: '必填',
  optional: '可选',
  inPath: '路径',
  inQuery: '查询',
  inBody: 'JSON 请求体',
  preflight:
    '其他来源的浏览器页面会先发送 `OPTIONS` 预检请求；来源在 `CORS_ORIGINS` 中时，预检得到 204 并允许 `POST` 与 `Content-Type` 请求头。',
  responses: '响应',
  example: '示例',
  machineReadable: '机器可读的 OpenAPI 3.1 文档（可导入 Postman、Insomnia 或代码生成器）：',
  pansou: '另有 PanSou 兼容接口，供按 PanSou 接口编写的机器人、插件和爬虫使用（docs/pansou.md）。其 OpenAPI 文档：',
  responseByStatus: {
    '200': '成功：`success` 为 true，带 `message` 与 `data`',
    '304': '未修改：If-None-Match 与 ETag 一致，无响应体',
    '4xx': '客户端错误（400 参数无效、401/403 密钥或令牌、404、429 超出限额），错误信封；429 另带 `retry_after` 与 `detail`',
    '5xx': '服务端错误（500；依赖不可用时 503），错误信封',
  } as Record<string, string>,
};

export type ReferenceText = typeof zh;

const en: ReferenceText = {
  htmlLang: 'en',
  title: 'API reference',
  skipToContent: 'Skip to content',
  switchTo: '中文',
  switchLanguage: 'zh',
  intro:
    'Every endpoint is GET except `POST /api/link-reports` (report a broken link, a JSON body); every one answers a JSON envelope: `success` true with `data`, or on an error `error_code`, `error` and `suggestion`.',
  limits: 'Limits',
  pages:
    'Pages stop at 1000: a `page` past 1000 is refused (400), even when `total_pages` is larger. To read every entry of a type, use `/api/contents/{content_type}/all` (once a minute).',
  noTryItOut:
    'This page has no "Try it out": every request counts against your address\'s limits, and refusals in a row get it blocked for a while. Copy a curl line below and run it in a terminal.',
  keyTitle: 'Authentication',
  apiKey:
    "An optional `X-API-Key` header: with it the key's own rate applies instead of the per-address limits; an unknown or revoked key is 401.",
  bearer:
    'Every request needs an `Authorization: Bearer dxr_…` token (sent by the message channel for the keyword "token"); none or malformed is 401.',
  contents: 'Contents',
  parameters: 'Parameters',
  noParameters: 'No parameters.',
  required: 'required',
  optional: 'optional',
  inPath: 'path',
  inQuery: 'query',
  inBody: 'JSON body',
  preflight:
    'A browser page on another origin first sends an `OPTIONS` preflight; when the origin is in `CORS_ORIGINS` the preflight gets 204, allowing `POST` and the `Content-Type` header.',
  responses: 'Responses',
  example: 'Example',
  machineReadable: 'The machine-readable OpenAPI 3.1 document (for Postman, Insomnia or a code generator):',
  pansou: 'A PanSou-compatible interface serves bots, plugins and spiders written for PanSou (docs/pansou.md). Its OpenAPI document:',
  responseByStatus: {},
};

export const REFERENCE_TEXT: Record<Language, ReferenceText> = { zh, en };

/** Values the curl examples fill in for required and path parameters. */
export const EXAMPLE_VALUES: Record<string, string> = {
  content_type: 'post',
  keyword: '总裁',
  link: 'https://pan.quark.cn/s/abcd1234',
  source_link: 'https://pan.quark.cn/s/abcd1234',
};
