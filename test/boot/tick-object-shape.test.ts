/**
 * The V8 slow path tick-object-shape.ts avoids, reproduced in a child process: queue entries, full GCs
 * while none is queued, more entries, then V8's own view of nextTick's feedback. Without the fix the
 * computed-key slots turn megamorphic; with it they stay monomorphic.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { tickObjectShapeNeeded } from '../../src/boot/tick-object-shape.js';

const MODULE = fileURLToPath(new URL('../../src/boot/tick-object-shape.js', import.meta.url));

function nextTickFeedbackAfterIdleGcs(withFix: boolean): string {
  const script = `
    ${withFix ? `(await import(${JSON.stringify(MODULE)})).keepTickObjectShape();` : ''}
    const ticks = (n) => new Promise((done) => { let i = 0; const step = () => (++i < n ? process.nextTick(step) : done()); step(); });
    await ticks(1000);
    for (let round = 0; round < 3; round++) { await new Promise((r) => setTimeout(r, 5)); gc(); gc(); }
    await ticks(1000);
    const debugPrint = new Function('f', '%DebugPrint(f)');
    debugPrint(process.nextTick);
  `;
  return execFileSync(process.execPath, ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
}

const megamorphicLiteralSlots = (feedback: string) => (feedback.match(/DefineKeyedOwnPropertyInLiteral MEGAMORPHIC/g) ?? []).length;

test('nextTick queue entries keep monomorphic feedback across full GCs once their shape is kept', (t) => {
  const control = nextTickFeedbackAfterIdleGcs(false);
  if (!control.includes('DefineKeyedOwnPropertyInLiteral')) return t.skip('this Node builds tick objects differently');
  if (megamorphicLiteralSlots(control) === 0) return t.skip(`Node ${process.versions.node} does not lose tick-object maps in a full GC`);
  assert.ok(tickObjectShapeNeeded(), `Node ${process.versions.node} loses tick-object maps in a full GC: add its major to AFFECTED_MAJORS`);
  assert.equal(megamorphicLiteralSlots(nextTickFeedbackAfterIdleGcs(true)), 0);
});
