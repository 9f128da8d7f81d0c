/**
 * Keeps a search's state in its context (docs/search.md, "Where the code is"): no function, method or
 * constructor in src/search/ takes more than five parameters. Nine positional arguments (`tierTermHolders`
 * once took them) are state that belongs in `SearchContext` or a record of its own. Parses the sources,
 * so it runs from the compiled test too.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Compiled, this file sits in dist/test/architecture; the sources are beside dist/.
const SEARCH = join(ROOT.endsWith('/dist') ? resolve(ROOT, '../src') : join(ROOT, 'src'), 'search');
const MOST = 5;

function functionsOver(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(SEARCH, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && node.parameters.length > MOST) {
      const named = ts.isConstructorDeclaration(node) ? node.parent.name : 'name' in node ? node.name : undefined;
      found.push(`${file} ${named?.getText(source) ?? 'an anonymous function'}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test(`no search function takes more than ${MOST} parameters`, () => {
  const files = readdirSync(SEARCH, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split('\\').join('/'));
  assert.deepEqual(files.flatMap(functionsOver), []);
});
