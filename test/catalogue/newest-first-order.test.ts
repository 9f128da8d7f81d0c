// Lists are newest first, ties by id (higher first), whatever the times span: the view sorts through
// doubles when the times span less than 2^29 seconds and through 64-bit keys otherwise (catalogue-view.ts).
// Both must give the order a plain comparator gives, per type too, after replacements and removals.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CatalogueView } from '../../src/catalogue/catalogue-view.js';
import { CONTENT_TYPES, type ContentType } from '../../src/shared/content-types.js';

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** Deterministic entries whose times fall in `years` (ties on purpose: few distinct seconds). */
function entries(count: number, years: number[], seed: number) {
  let state = seed;
  const next = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, (_, index) => ({
    id: 1 + Math.floor(next() * count * 2),
    title: `t${index}`,
    source_link: `https://x.example/${index}`,
    type: CONTENT_TYPES[Math.floor(next() * 3)] as ContentType,
    update_time: `${pad(years[Math.floor(next() * years.length)] as number, 4)}-0${1 + Math.floor(next() * 2)}-01 00:00:0${Math.floor(next() * 3)}`,
  }));
}

function expectedOrder(view: CatalogueView, type?: ContentType): number[] {
  const held = new Map<number, { time: string; id: number; type: ContentType; slot: number }>();
  for (let slot = 0; slot < view.slotCount; slot++) {
    const item = view.item(slot);
    if (item.title === '') continue;
    held.set(slot, { time: item.update_time, id: Number(item.source_link.split('/').pop()), type: item.type, slot });
  }
  return [...held.values()]
    .filter((entry) => type === undefined || entry.type === type)
    .sort((a, b) => (a.time === b.time ? 0 : a.time < b.time ? 1 : -1) || b.id - a.id)
    .map((entry) => entry.slot);
}

describe('newest first, ties by id', () => {
  for (const [name, years] of [
    ['times within a few years', [2023, 2024]],
    ['times across centuries', [1, 1999, 2024]],
  ] as const) {
    test(name, () => {
      const view = new CatalogueView();
      for (let round = 0; round < 3; round++) {
        // The link carries the id, so the oracle can break ties as the view must.
        view.apply(
          entries(400, [...years], round + 1)
            .map((entry) => ({ ...entry, source_link: `https://x.example/${entry.id}` }))
            .filter((entry, index, all) => all.findIndex((other) => other.id === entry.id) === index),
        );
        if (round === 2) view.remove([3, 5, 8, 13, 21]);
        view.reorder();
        assert.deepEqual(Array.from(view.ordered({})), expectedOrder(view));
        for (const type of CONTENT_TYPES.slice(0, 3)) assert.deepEqual(Array.from(view.ordered({ type })), expectedOrder(view, type));
      }
    });
  }
});
