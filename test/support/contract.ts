/**
 * The published OpenAPI documents (docs/openapi-*.json) as a test oracle: every documented route and
 * method, and a check of one real answer against the schema documented for its status (the exact code,
 * else its class, `4XX`/`5XX`), with Ajv's JSON Schema 2020-12 validator (OpenAPI 3.1's dialect). A
 * `Coverage` records which routes were answered with a success and with an error, so a contract suite
 * fails when a documented route goes unchecked.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROOT = HERE.endsWith('/dist') ? resolve(HERE, '..') : HERE;

interface Operation {
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

export interface Route {
  method: string;
  path: string;
  operation: Operation;
}

export class Contract {
  private readonly document: Document;
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly checked = new Map<string, Set<'success' | 'error'>>();

  constructor(file: string) {
    addFormats.default(this.ajv);
    this.document = JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Document;
  }

  routes(): Route[] {
    return Object.entries(this.document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
  }

  /** Checks `response` against the schema documented for its status on `route`, and records it. */
  check(route: Route, response: LightMyRequestResponse, context = ''): void {
    const where = `${route.method} ${route.path} ${context} -> ${response.statusCode}`;
    const { responses } = route.operation;
    const documented = responses[String(response.statusCode)] ?? responses[`${String(response.statusCode)[0]}XX`];
    assert.ok(documented, `${where}: status not documented (${Object.keys(responses).join(', ')})`);
    const schema = documented.content?.['application/json']?.schema;
    if (schema) {
      const validate = this.ajv.compile(schema);
      const body: unknown = response.json();
      assert.ok(validate(body), `${where}: ${this.ajv.errorsText(validate.errors)}\n${response.body.slice(0, 500)}`);
    } else {
      assert.equal(response.body, '', `${where}: documented without a body`);
    }
    const kind = response.statusCode < 400 ? 'success' : 'error';
    const key = `${route.method} ${route.path}`;
    this.checked.set(key, (this.checked.get(key) ?? new Set()).add(kind));
  }

  /** Every documented route was answered with a success and with an error, each checked. */
  assertCovered(): void {
    const missing = this.routes()
      .map(({ method, path }) => `${method} ${path}`)
      .flatMap((key) =>
        (['success', 'error'] as const).filter((kind) => !this.checked.get(key)?.has(kind)).map((kind) => `${key}: no ${kind}`),
      );
    assert.deepEqual(missing, []);
  }
}
