// The configuration tables and the declared environment schema (src/config/environment.ts) agree: every
// declared variable is in docs/configuration.md and every variable there is declared, with the declared
// default; the README's short table of the settings a newcomer changes holds only declared variables, with
// their defaults too.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { declaredVariables } from '../../src/config/environment.js';

interface Row {
  names: string[];
  defaultCell: string;
}

/** The rows of the first table whose header starts with `| variable |`, in `file`. */
function tableRows(file: string): Row[] {
  const text = readFileSync(file, 'utf8');
  const table = text.slice(text.indexOf('| variable |'));
  const lines = table.split('\n');
  const end = lines.findIndex((line) => !line.startsWith('|'));
  return lines
    .slice(0, end < 0 ? undefined : end)
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split(' | ');
      return {
        names: [...(cells[0] ?? '').matchAll(/`([A-Z_]+)`/g)].map((match) => match[1] ?? ''),
        defaultCell: (cells.at(-1) ?? '').replace(/ \|$/, '').trim(),
      };
    });
}

function sameDefaults(file: string, rows: Row[]): void {
  for (const { name, default: declared } of declaredVariables()) {
    const row = rows.find((candidate) => candidate.names.includes(name));
    if (!row) continue; // reported by the completeness test
    const cell = row.defaultCell;
    if (declared === undefined) {
      assert.match(cell, /^(unset|derived)/, `${file}: ${name} has no default, so the table says unset: "${cell}"`);
    } else if (declared === '') {
      assert.match(cell, /^empty/, `${file}: ${name} defaults to empty: "${cell}"`);
    } else {
      // A row for two variables lists both defaults (`a`, `b`), in the order of the names.
      const values = [...cell.matchAll(/`([^`]*)`/g)].map((match) => match[1]);
      const expected = row.names.length > 1 ? values[row.names.indexOf(name)] : values[0];
      assert.equal(expected, String(declared), `${file}: ${name}: default "${cell}", declared ${declared}`);
    }
  }
}

test('every declared variable is in docs/configuration.md, and every variable there is declared', () => {
  const documented = tableRows('docs/configuration.md').flatMap((row) => row.names);
  const declared = declaredVariables().map((variable) => variable.name);
  assert.ok(documented.length > 20, 'the table was found');
  assert.deepEqual(
    declared.filter((name) => !documented.includes(name)),
    [],
    'declared but not documented',
  );
  assert.deepEqual(
    documented.filter((name) => !declared.includes(name)),
    [],
    'documented but not declared',
  );
  assert.equal(new Set(documented).size, documented.length, 'each variable has one row');
});

test("the defaults in docs/configuration.md and in the README's short table are the declared defaults", () => {
  sameDefaults('docs/configuration.md', tableRows('docs/configuration.md'));
  const readme = tableRows('README.md');
  const declared = declaredVariables().map((variable) => variable.name);
  assert.ok(readme.length >= 5, "the README's table was found");
  assert.deepEqual(
    readme.flatMap((row) => row.names).filter((name) => !declared.includes(name)),
    [],
    'in the README but not declared',
  );
  sameDefaults('README.md', readme);
});
