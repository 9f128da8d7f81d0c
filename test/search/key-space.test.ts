import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isDecoration } from '../../src/search/text/text-forms.js';
import { UNIT_TOKEN_KIND } from '../../src/search/tokens/key-space.js';

// A token numbered as (kind, unit) must never meet a real pair of units nor another kind's token:
// each kind is its own control character, which a title's text never holds as its own unit.
test('each kind of (kind, unit) token is a distinct control character, never a title unit', () => {
  const kinds = Object.values(UNIT_TOKEN_KIND);
  assert.equal(new Set(kinds).size, kinds.length, `two kinds share a number: ${JSON.stringify(UNIT_TOKEN_KIND)}`);
  for (const kind of kinds) {
    assert.ok(kind > 0 && kind < 0x20, `kind ${kind} is not a control character`);
    assert.ok(isDecoration(kind), `kind ${kind} is not decoration, so a title could hold it`);
  }
});
