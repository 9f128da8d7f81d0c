/**
 * The API reference page (`/docs`): the listener's own OpenAPI document rendered on the server as one
 * plain HTML page in the site's look, in Chinese or English. No script and no "Try it out" (each request
 * there would spend the reader's rate limit and could get the address blacklisted); the limits are stated
 * at the top and every operation has a curl line to copy, a POST one for the POST route. Rendered with Eta
 * as the web page is (views/reference.eta; every `<%= %>` escaped), from a view built here: each
 * operation's method, parameters (query, path or JSON body, required or not), responses and example.
 */
import { Eta } from 'eta';
import type { Language } from '../../config/config.js';
import { sourceFile } from '../../shared/source-files.js';
import type { Localized } from '../errors.js';
import { EXAMPLE_VALUES, REFERENCE_TEXT, type ReferenceText } from './reference-text.js';

interface SchemaObject {
  properties?: Record<string, { description?: string }>;
  required?: string[];
}

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
  requestBody?: { required?: boolean; content?: Record<string, { schema?: SchemaObject }> };
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
  /** The PanSou-compatible interface's base on this listener (docs/pansou.md), listed beside this one. */
  pansouBase?: string | undefined;
  stylesheet: string;
}

/** One parameter as the page lists it; `where` is query, path or (JSON) body in the page's language. */
interface ParameterView {
  name: string;
  required: boolean;
  where: string;
  rule: string;
}

interface OperationView {
  method: string;
  path: string;
  anchor: string;
  summary: string;
  description: string;
  parameters: ParameterView[];
  responses: Array<{ status: string; said: string }>;
  example: string;
}

interface GroupView {
  name: string;
  title: string;
  description: string;
  operations: OperationView[];
}

const JSON_TYPE = 'application/json';
const eta = new Eta({ views: sourceFile(import.meta.url, 'views'), cache: true, autoEscape: true });
const anchor = (method: string, path: string) => `${method}-${path}`.replace(/[^A-Za-z0-9_-]+/g, '-');

export function renderReferencePage(
  document: ReferenceDocument,
  language: Language,
  origin: string,
  options: ReferencePageOptions,
): string {
  const t = REFERENCE_TEXT[language];
  const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
  return eta.render('./reference', {
    t,
    title: document.info.title,
    limits: options.limits[language],
    stylesheet: options.stylesheet,
    linksHome: options.linksHome,
    pansouOpenApi: options.pansouBase === undefined ? undefined : `${options.pansouBase}/openapi.json`,
    // Where `page` is a parameter (the catalogue), the page says where pages stop and what to use instead.
    paged: operations.some((operation) => operation.parameters?.some((parameter) => parameter.name === 'page')),
    authentication: Object.values(document.components?.securitySchemes ?? {}).map((scheme) =>
      scheme.type === 'apiKey' ? t.apiKey : t.bearer,
    ),
    groups: groupByTag(document, language).map((group) => ({
      ...group,
      operations: group.operations.map(({ method, path, operation }) =>
        operationView(method, path, operation, language, t, origin, options),
      ),
    })),
  });
}

/** Operations under their tags, in the document's tag order; untagged ones last. */
function groupByTag(document: ReferenceDocument, language: Language) {
  const groups = new Map<
    string,
    Omit<GroupView, 'operations'> & { operations: Array<{ method: string; path: string; operation: Operation }> }
  >();
  for (const tag of document.tags ?? []) {
    const title = language === 'zh' ? (tag['x-title-zh'] ?? tag.name) : (tag['x-title-en'] ?? tag.name);
    const description = language === 'zh' ? (tag['x-description-zh'] ?? tag.description ?? '') : (tag.description ?? '');
    groups.set(tag.name, { name: tag.name, title, description, operations: [] });
  }
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const name = operation.tags?.[0] ?? 'other';
      if (!groups.has(name)) groups.set(name, { name, title: name, description: '', operations: [] });
      groups.get(name)?.operations.push({ method, path, operation });
    }
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

function operationView(
  method: string,
  path: string,
  op: Operation,
  language: Language,
  t: ReferenceText,
  origin: string,
  options: ReferencePageOptions,
): OperationView {
  const rule = (name: string, description: string | undefined) => options.parameterRule(name)?.[language] ?? description ?? '';
  const body = op.requestBody?.content?.[JSON_TYPE]?.schema;
  const parameters: ParameterView[] = [
    ...(op.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      required: parameter.required === true,
      where: parameter.in === 'path' ? t.inPath : t.inQuery,
      rule: rule(parameter.name, parameter.description),
    })),
    ...Object.entries(body?.properties ?? {}).map(([name, property]) => ({
      name,
      required: body?.required?.includes(name) === true,
      where: t.inBody,
      rule: rule(name, property.description),
    })),
  ];
  return {
    method: method.toUpperCase(),
    path,
    anchor: anchor(method, path),
    summary: (language === 'zh' ? (op['x-summary-zh'] ?? op.summary) : op.summary) ?? '',
    description: (language === 'zh' ? (op['x-description-zh'] ?? op.description) : op.description) ?? '',
    parameters,
    responses: Object.entries(op.responses ?? {}).map(([status, response]) => ({
      status,
      said: (language === 'zh' ? t.responseByStatus[status] : undefined) ?? response.description ?? '',
    })),
    example: curlLine(method, path, op, parameters, origin),
  };
}

/** A curl command a reader can paste: path parameters and required ones filled in; a POST sends its JSON body. */
function curlLine(method: string, path: string, op: Operation, parameters: ParameterView[], origin: string): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => EXAMPLE_VALUES[name] ?? name);
  const bearer = op.security?.some((scheme) => 'bearerAuth' in scheme) ? " -H 'Authorization: Bearer dxr_…'" : '';
  const required = parameters.filter((parameter) => parameter.required);
  if (method === 'post') {
    const body = Object.fromEntries(required.map((parameter) => [parameter.name, EXAMPLE_VALUES[parameter.name] ?? '…']));
    return `curl -s -X POST${bearer} -H 'Content-Type: application/json' --data '${JSON.stringify(body)}' '${origin}${filled}'`;
  }
  const query = (op.parameters ?? []).filter((parameter) => parameter.in === 'query' && parameter.required);
  if (query.length === 0) return `curl -s${bearer} '${origin}${filled}'`;
  const data = query.map((parameter) => ` --data-urlencode '${parameter.name}=${EXAMPLE_VALUES[parameter.name] ?? '…'}'`).join('');
  return `curl -s -G${bearer} '${origin}${filled}'${data}`;
}
