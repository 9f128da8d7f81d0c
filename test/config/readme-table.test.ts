// The README's configuration table and the declared environment schema (src/config/environment.ts) agree:
// every declared variable is documented, every documented one is declared, and the defaults match.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { declaredVariables } from '../../src/config/environment.js';

interface Row {
  names: string[];
  defaultCell: string;
}

function readmeRows(): Row[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('\n## ', readme.indexOf('## Configuration') + 3));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split(' | ');
      return {
        names: [...(cells[0] ?? '').matchAll(/`([A-Z_]+)`/g)].map((match) => match[1] ?? ''),
        defaultCell: (cells.at(-1) ?? '').replace(/ \|$/, '').trim(),
      };
    });
}

test('every declared variable is in the README table, and every variable there is declared', () => {
  const documented = readmeRows().flatMap((row) => row.names);
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

test('the README defaults are the declared defaults', () => {
  const rows = readmeRows();
  for (const { name, default: declared } of declaredVariables()) {
    const row = rows.find((candidate) => candidate.names.includes(name));
    if (!row) continue; // reported by the test above
    const cell = row.defaultCell;
    if (declared === undefined) {
      assert.match(cell, /^(unset|derived)/, `${name} has no default, so the README says unset: "${cell}"`);
    } else if (declared === '') {
      assert.match(cell, /^empty/, `${name} defaults to empty: "${cell}"`);
    } else {
      // A row for two variables lists both defaults (`a`, `b`), in the order of the names.
      const values = [...cell.matchAll(/`([^`]*)`/g)].map((match) => match[1]);
      const expected = row.names.length > 1 ? values[row.names.indexOf(name)] : values[0];
      assert.equal(expected, String(declared), `${name}: README default "${cell}", declared ${declared}`);
    }
  }
});
