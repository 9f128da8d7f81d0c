/**
 * Keeps the component layering of docs/architecture.md, "Components", true: every import under src/ points down (or
 * within its own component), never to a route module for anything but the route plugin, Fastify's types
 * stay in the modules at the HTTP edge, and the server opens Redis once. Reads the sources as text, so it
 * runs from the compiled test too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Compiled, this file sits in dist/test/architecture; the sources are beside dist/.
const SRC = ROOT.endsWith('/dist') ? resolve(ROOT, '../src') : join(ROOT, 'src');

/** Layer of each component, lowest first; a module may import its own component or a lower layer only. */
const LAYERS: string[][] = [
  ['shared', 'boot'],
  ['config'],
  ['observability'],
  ['redis', 'store', 'http'],
  ['search'],
  ['catalogue'],
  ['client'],
  ['ingest', 'limits', 'boards', 'links'],
  ['web', 'system', 'demo', 'sources'],
  ['operations', 'pansou'],
  ['admin'],
  ['composition'],
];

/** The composition: the modules that build the listeners and the process from every component. */
const COMPOSITION = ['app.ts', 'boards-app.ts', 'server.ts', 'services.ts', 'demo/load-demo-data.ts'];
const COMPOSITION_FOLDERS = ['cli/'];

/** Modules at the HTTP edge, the only ones that may import Fastify (the rest never see a request). */
const HTTP_EDGE_FOLDERS = ['http/', 'web/'];
const HTTP_EDGE_NAMES = ['routes.ts', 'app.ts', 'server.ts', 'plugin.ts', 'openapi.ts'];
const HTTP_EDGE_FILES = [
  'catalogue/full-dump-reply.ts',
  'boards/access-tokens/bearer-auth.ts', // the bearer check is the ranking listener's preHandler hook
  'observability/metrics-app.ts',
  'observability/request-observer.ts', // an onResponse hook
  'admin/access-hooks.ts', // the console's authorization and CSRF hooks
  'admin/page-reply.ts', // the console's page decorator on the reply
  'admin/operation-pages.ts', // what the console's working pages share: their reply and refusals
  'admin/console-page.ts', // a page's declaration: its routes, registered in a scope that stamps their access
];
/** Libraries of the Fastify family that carry no Fastify types. */
const PLAIN_LIBRARIES = ['@fastify/accept-negotiator'];

interface Import {
  from: string;
  to: string;
  names: string;
}

function sources(folder: string): string[] {
  return readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split('\\').join('/'));
}

function importsOf(file: string): Array<{ specifier: string; names: string }> {
  const text = readFileSync(join(SRC, file), 'utf8');
  const found: Array<{ specifier: string; names: string }> = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*'([^']+)'/gm)) {
    found.push({ specifier: match[3] as string, names: `${match[1] ?? ''}${match[2] ?? ''}` });
  }
  for (const match of text.matchAll(/import\(\s*'([^']+)'\s*\)/g)) found.push({ specifier: match[1] as string, names: '*' });
  return found;
}

function component(file: string): string {
  if (COMPOSITION.includes(file) || COMPOSITION_FOLDERS.some((folder) => file.startsWith(folder))) return 'composition';
  return file.includes('/') ? (file.split('/')[0] as string) : file;
}

function layer(name: string): number {
  const index = LAYERS.findIndex((members) => members.includes(name));
  assert.ok(index >= 0, `${name} has no layer in LAYERS (add it, and to docs/architecture.md, "Components")`);
  return index;
}

function projectImports(): Import[] {
  const all: Import[] = [];
  for (const file of sources(SRC)) {
    for (const { specifier, names } of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, '.ts');
      all.push({ from: file, to: target, names });
    }
  }
  return all;
}

/** The strongly connected groups of more than one module (Tarjan), each sorted, as `a -> b -> a` lines. */
function circles(edges: Map<string, string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) as number);
    stack.push(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort().join(' <-> '));
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found.sort();
}

describe('dependency direction', () => {
  test('every import points to the same component or a lower layer', () => {
    const upward: string[] = [];
    for (const { from, to } of projectImports()) {
      const [source, target] = [component(from), component(to)];
      if (source === target) continue;
      if (layer(target) >= layer(source)) upward.push(`${from} -> ${to} (${source} may not depend on ${target})`);
    }
    assert.deepEqual(upward, []);
  });

  test('a route module is imported only for its route plugin', () => {
    const wrong = projectImports()
      .filter(({ to }) => to.endsWith('/routes.ts'))
      .filter(({ names }) => names.startsWith('type') || !/^\{\s*\w+Routes\s*\}$/.test(names.trim()))
      .map(({ from, to, names }) => `${from} takes ${names} from ${to}`);
    assert.deepEqual(wrong, []);
  });

  test("Fastify's types stay at the HTTP edge", () => {
    const edge = (file: string) =>
      HTTP_EDGE_FOLDERS.some((folder) => file.startsWith(folder)) ||
      HTTP_EDGE_NAMES.some((name) => file === name || file.endsWith(`/${name}`) || file.endsWith(`-${name}`)) ||
      HTTP_EDGE_FILES.includes(file);
    const wrong = sources(SRC)
      .filter((file) => !edge(file))
      .flatMap((file) =>
        importsOf(file)
          .filter(({ specifier }) => (specifier === 'fastify' || specifier.startsWith('@fastify/')) && !PLAIN_LIBRARIES.includes(specifier))
          .map(({ specifier }) => `${file} imports ${specifier}`),
      );
    assert.deepEqual(wrong, []);
  });

  test('no import circles (type imports included): each module can be read after the ones it imports', () => {
    const edges = new Map<string, string[]>();
    for (const { from, to } of projectImports()) edges.set(from, [...(edges.get(from) ?? []), to]);
    assert.deepEqual(circles(edges), []);
  });

  test('the dialect is branched on only behind the store seam (store/)', () => {
    const outside = sources(SRC)
      .filter((file) => !file.startsWith('store/'))
      .filter((file) => /dialect\s*[!=]==\s*'(sqlite|postgres)'/.test(readFileSync(join(SRC, file), 'utf8')));
    assert.deepEqual(outside, []);
  });

  test('the server opens one Redis link, in the composition root', () => {
    // The command line's `blacklist clear` is a process of its own, with a short-lived client of its own.
    const expected = [
      'cli/limits-commands.ts: new Redis(',
      'redis/redis-link.ts: new Redis(',
      'redis/redis-link.ts: new RedisLink(',
      'services.ts: RedisLink.open(',
    ];
    const found = sources(SRC).flatMap((file) =>
      [...readFileSync(join(SRC, file), 'utf8').matchAll(/new Redis\(|new RedisLink\(|RedisLink\.open\(/g)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    assert.deepEqual([...new Set(found)].sort(), expected);
  });
});
