/**
 * The API reference page (`/docs`): the listener's own OpenAPI document rendered on the server as one
 * plain HTML page in the site's look, in Chinese or English. No script and no "Try it out" (each request
 * there would spend the reader's rate limit and could get the address blacklisted); the limits are stated
 * at the top and every operation has a curl line to copy. Nothing is fetched from elsewhere.
 */
import type { Language } from '../../config/config.js';
import type { Localized } from '../errors.js';
import { EXAMPLE_VALUES, REFERENCE_TEXT, type ReferenceText } from './reference-text.js';

/** The parts of an OpenAPI 3.1 document the page reads. */
export interface ReferenceDocument {
  info: { title: string };
  tags?: Array<{ name: string; description?: string; 'x-title-en'?: string; 'x-title-zh'?: string; 'x-description-zh'?: string }>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  'x-summary-zh'?: string;
  'x-description-zh'?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string }>;
  security?: Array<Record<string, unknown>>;
  responses?: Record<string, { description?: string }>;
}

export interface ReferencePageOptions {
  /** The listener's limits, said where a reader would otherwise press "Try it out". */
  limits: Localized;
  /** A parameter's rule as 400 answers state it (catalogue/query-params.ts, boards/query-params.ts). */
  parameterRule: (name: string) => Localized | undefined;
  /** Whether this listener also serves the web page, so the header links back to it. */
  linksHome: boolean;
  stylesheet: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] as string);
/** Escaped text with `code` spans, the only markup the document's prose uses here. */
const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const anchor = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, '-');

export function renderReferencePage(
  document: ReferenceDocument,
  language: Language,
  origin: string,
  options: ReferencePageOptions,
): string {
  const t = REFERENCE_TEXT[language];
  const groups = groupByTag(document);
  const body = [
    `<h1>${escapeHtml(document.info.title)} · ${t.title}</h1>`,
    `<p>${inline(t.intro)}</p>`,
    `<section class="notice" aria-labelledby="limits"><h2 id="limits">${t.limits}</h2><p>${inline(options.limits[language])}</p><p>${inline(t.noTryItOut)}</p></section>`,
    authentication(document, t),
    `<nav class="toc" aria-labelledby="toc"><h2 id="toc">${t.contents}</h2><ul>${groups
      .map(
        (group) =>
          `<li><a href="#tag-${escapeHtml(group.name)}">${escapeHtml(group.title[language])}</a><ul>${group.operations
            .map((op) => `<li><a href="#${anchor(op.method, op.path)}"><code>${escapeHtml(op.path)}</code></a></li>`)
            .join('')}</ul></li>`,
      )
      .join('')}</ul></nav>`,
    ...groups.map(
      (group) =>
        `<section id="tag-${escapeHtml(group.name)}"><h2>${escapeHtml(group.title[language])}</h2>${group.description[language] ? `<p>${inline(group.description[language])}</p>` : ''}${group.operations
          .map((op) => operationHtml(op, language, t, origin, options))
          .join('')}</section>`,
    ),
    `<p class="machine">${t.machineReadable} <a href="/openapi.json">/openapi.json</a></p>`,
  ].join('\n');
  const home = options.linksHome ? `<a class="brand" href="/">dramadex</a>` : `<span class="brand">dramadex</span>`;
  return `<!doctype html>
<html lang="${t.htmlLang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${t.title} · ${escapeHtml(document.info.title)}</title>
<link rel="stylesheet" href="${options.stylesheet}">
</head>
<body>
<a class="skip" href="#main">${t.skipToContent}</a>
<header class="site"><div class="bar">${home}<a class="lang" href="?lang=${t.switchLanguage}" hreflang="${t.switchLanguage}" lang="${t.switchLanguage}">${t.switchTo}</a></div></header>
<main id="main">
${body}
</main>
</body>
</html>
`;
}

interface Listed extends Operation {
  method: string;
  path: string;
}

interface Group {
  name: string;
  title: Localized;
  description: Localized;
  operations: Listed[];
}

/** Operations under their tags, in the document's tag order; untagged ones last. */
function groupByTag(document: ReferenceDocument): Group[] {
  const groups = new Map<string, Group>();
  for (const tag of document.tags ?? []) {
    groups.set(tag.name, {
      name: tag.name,
      title: { en: tag['x-title-en'] ?? tag.name, zh: tag['x-title-zh'] ?? tag.name },
      description: { en: tag.description ?? '', zh: tag['x-description-zh'] ?? tag.description ?? '' },
      operations: [],
    });
  }
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const name = operation.tags?.[0] ?? 'other';
      if (!groups.has(name)) groups.set(name, { name, title: { en: name, zh: name }, description: { en: '', zh: '' }, operations: [] });
      groups.get(name)?.operations.push({ ...operation, method, path });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

function authentication(document: ReferenceDocument, t: ReferenceText): string {
  const schemes = Object.values(document.components?.securitySchemes ?? {});
  const lines = schemes.map((scheme) => (scheme.type === 'apiKey' ? t.apiKey : t.bearer));
  if (lines.length === 0) return '';
  return `<section aria-labelledby="auth"><h2 id="auth">${t.keyTitle}</h2>${lines.map((line) => `<p>${inline(line)}</p>`).join('')}</section>`;
}

function operationHtml(op: Listed, language: Language, t: ReferenceText, origin: string, options: ReferencePageOptions): string {
  const summary = language === 'zh' ? (op['x-summary-zh'] ?? op.summary) : op.summary;
  const description = language === 'zh' ? (op['x-description-zh'] ?? op.description) : op.description;
  const parameters = op.parameters ?? [];
  const parameterList =
    parameters.length === 0
      ? `<p>${t.noParameters}</p>`
      : `<dl class="params">${parameters
          .map((parameter) => {
            const rule = options.parameterRule(parameter.name)?.[language] ?? parameter.description ?? '';
            const flag = parameter.required ? `<span class="required">${t.required}</span>` : `<span class="optional">${t.optional}</span>`;
            const where = parameter.in === 'path' ? t.inPath : t.inQuery;
            return `<dt><code>${escapeHtml(parameter.name)}</code> ${flag} <span class="in">${where}</span></dt><dd>${inline(rule)}</dd>`;
          })
          .join('')}</dl>`;
  const responses = Object.entries(op.responses ?? {})
    .map(([status, response]) => {
      const said = (language === 'zh' ? t.responseByStatus[status] : undefined) ?? response.description ?? '';
      return `<dt>${escapeHtml(status)}</dt><dd>${inline(said)}</dd>`;
    })
    .join('');
  const method = op.method.toUpperCase();
  return `<article class="operation" id="${anchor(op.method, op.path)}">
<h3><span class="method">${method}</span> <code>${escapeHtml(op.path)}</code></h3>
${summary ? `<p class="summary">${inline(summary)}</p>` : ''}${description ? `<p>${inline(description)}</p>` : ''}
<h4>${t.parameters}</h4>${parameterList}
<h4>${t.responses}</h4><dl class="responses">${responses}</dl>
<h4>${t.example}</h4><pre><code>${escapeHtml(curlLine(op, origin))}</code></pre>
</article>`;
}

/** A curl command a reader can paste: path parameters and required query parameters filled in. */
function curlLine(op: Listed, origin: string): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => EXAMPLE_VALUES[name] ?? name);
  const required = (op.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required);
  const bearer = op.security?.some((scheme) => 'bearerAuth' in scheme) ? " -H 'Authorization: Bearer dxr_…'" : '';
  if (required.length === 0) return `curl -s${bearer} '${origin}${path}'`;
  const data = required.map((parameter) => ` --data-urlencode '${parameter.name}=${EXAMPLE_VALUES[parameter.name] ?? '…'}'`).join('');
  return `curl -s -G${bearer} '${origin}${path}'${data}`;
}
