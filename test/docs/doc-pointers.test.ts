/**
 * Every pointer into the docs is true: a `docs/<name>.md` (or a bare `<name>.md` that lives in docs/)
 * cited in src/, test/, bench/, scripts/, the README, CHANGELOG.md or docs/ names a file that exists, and
 * the section it names (`#anchor`, or a quoted `"Section"` right after the path) is a heading, a bold
 * paragraph lead or the first cell of a table row there. Reads the files as text, so it runs from the
 * compiled test too.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const HERE = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Compiled, this file sits in dist/test/docs; the sources are beside dist/.
const ROOT = HERE.endsWith('/dist') ? resolve(HERE, '..') : HERE;
const FOLDERS = ['src', 'test', 'bench', 'scripts', 'docs'];
const FILES = ['README.md', 'CHANGELOG.md'];
/** CHANGELOG.md is history: it cites the docs as they were; only its links to files are checked. */
const POINTER_FILES = ['README.md'];
/** This file's own examples. */
const SELF = 'test/docs/doc-pointers.test.ts';
/** `docs/limits.md#anchor`, `docs/limits.md, "Section"`, `decisions.md "Section"`. */
const POINTER = /(?<![\w/.-])((?:\.\.\/)?(?:docs\/)?([A-Za-z][\w-]*)\.md)(?:#([\w-]+)|,? *"([^"\n]+)")?/g;
/** Files named `*.md` that are not docs pages (the spec's own files are cited only as `../shared/`, never). */
const NOT_DOCS = new Set(['README', 'CHANGELOG', 'LICENSE']);

function sourceFiles(): string[] {
  const found = [...POINTER_FILES];
  for (const folder of FOLDERS) {
    for (const file of readdirSync(join(ROOT, folder), { recursive: true }).map(String)) {
      const path = join(folder, file);
      if (/\.(ts|js|sh|md)$/.test(file) && !file.includes('node_modules') && path !== SELF) found.push(path);
    }
  }
  return found;
}

/** GitHub's anchor of a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** A section's name, and its short form before a colon or a parenthesis ("Start-up: titles …" is "Start-up"). */
function namesOf(text: string): string[] {
  const name = text.replace(/`/g, '').replace(/\.$/, '').trim();
  return [name, name.split(/:| \(/)[0]?.trim() ?? name];
}

function sectionsOf(text: string): { anchors: Set<string>; names: Set<string> } {
  const names = new Set<string>();
  const leads = [
    /^#{1,6} +(.+)$/gm, // a heading
    /^(?:- )?\*\*([^*]+?)\*\*/gm, // a bold paragraph or list-item lead
    /^(?:- )?\*([^*]+?)\*/gm, // an italic one
    /^\| *([^|]+?) *\|/gm, // a table row's first cell
  ];
  for (const lead of leads) for (const match of text.matchAll(lead)) for (const name of namesOf(match[1] as string)) names.add(name);
  const headings = [...text.matchAll(/^#{1,6} +(.+)$/gm)].map((match) => match[1] as string);
  return { anchors: new Set(headings.map(slug)), names: new Set([...names].map((name) => name.toLowerCase())) };
}

test('every cited docs file and section exists', () => {
  const wrong: string[] = [];
  for (const file of sourceFiles()) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const match of text.matchAll(POINTER)) {
      const [, path, name, anchor, section] = match as unknown as [string, string, string, string?, string?];
      if (NOT_DOCS.has(name) || path.includes('shared/')) continue;
      const target = join(ROOT, 'docs', `${name}.md`);
      const where = `${file}: ${match[0]}`;
      if (!existsSync(target)) {
        wrong.push(`${where} (no docs/${name}.md)`);
        continue;
      }
      if (!anchor && !section) continue;
      const { anchors, names } = sectionsOf(readFileSync(target, 'utf8'));
      if (anchor && !anchors.has(anchor)) wrong.push(`${where} (no heading with that anchor)`);
      if (section && !names.has(section.toLowerCase())) wrong.push(`${where} (no such section)`);
    }
  }
  assert.deepEqual(wrong, []);
});

test('README and CHANGELOG links to files are true', () => {
  const wrong: string[] = [];
  for (const file of FILES) {
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(/\]\(([^)#:]+)(?:#[^)]*)?\)/g)) {
      if (!existsSync(join(ROOT, match[1] as string))) wrong.push(`${file}: ${match[0]}`);
    }
  }
  assert.deepEqual(wrong, []);
});
