/**
 * The works of the catalogue, for the web page only (docs/web.md, "Works"): entries grouped by type and
 * work key (work-key.ts), each work's slots newest first. Grouping is a view: entries, the API and the
 * dumps never see it. A type's works are rebuilt when its version moves (an import or removal touching
 * it), so a hidden entry leaves its work at once. A type list's works in page order are kept per drive
 * filter, so its pages are a slice and its total exact; a search groups its whole answer (every match,
 * best first) the same way, so it too counts works, not entries.
 */
import type { Catalogue } from '../catalogue/catalogue.js';
import type { ContentItem } from '../catalogue/catalogue-view.js';
import { CONTENT_TYPES, type ContentType, TYPE_CODE } from '../shared/content-types.js';
import { DRIVES, driveOf, OTHER_DRIVE } from './providers.js';
import { workId, workKey } from './work-key.js';

export interface Work {
  type: ContentType;
  key: string;
  /** The work's entries' slots, newest first. */
  slots: number[];
  /** The largest episode count its titles name, worked out when a card first shows it (work-models.ts). */
  episodes?: number;
}

/** A drive filter: the drive codes allowed, or undefined for every drive. */
export type DriveSet = ReadonlySet<number> | undefined;

const DRIVE_CODE = new Map<string, number>([...DRIVES.map((drive, index) => [drive.id, index] as const), [OTHER_DRIVE, DRIVES.length]]);

export function driveCode(drive: string): number | undefined {
  return DRIVE_CODE.get(drive);
}

interface TypeWorks {
  version: number;
  works: Work[];
  byId: Map<string, number> | undefined;
  /** Work indexes in list order (by each work's newest entry), per drive filter. */
  orders: Map<string, Int32Array>;
}

export class WorkIndex {
  private readonly types = new Map<ContentType, TypeWorks>();
  private workOfSlot = new Int32Array(0);
  private typeOfSlot = new Uint8Array(0);
  private driveOfSlot = new Uint8Array(0);
  /** `group`'s marks: per type code, the stamp of the call that last listed each work. */
  private listedIn: Int32Array[] = [];
  private stamp = 0;

  constructor(private readonly catalogue: Catalogue) {}

  /** One page of a type's works (newest first) and how many there are under the filter. */
  list(type: ContentType, drives: DriveSet, offset: number, limit: number): { works: Work[]; total: number } {
    const typeWorks = this.typeWorks(type);
    const filterKey = drives ? [...drives].sort().join(',') : '';
    let order = typeWorks.orders.get(filterKey);
    if (!order) {
      order = this.firstSeen(this.catalogue.listSlots({ type }, 0, Number.MAX_SAFE_INTEGER).slots, drives, typeWorks.works.length);
      typeWorks.orders.set(filterKey, order);
    }
    const page: Work[] = [];
    for (let index = offset; index < Math.min(order.length, offset + limit); index++)
      page.push(typeWorks.works[order[index] as number] as Work);
    return { works: page, total: order.length };
  }

  /** Groups slots (a search's answer, a day's entries) into works, in the order each work first appears. */
  group(slots: ArrayLike<number>, drives: DriveSet): Work[] {
    const byType = CONTENT_TYPES.map((type) => this.typeWorks(type));
    // Per type, the call that last listed each work: stamped arrays kept across calls, so a search of a
    // common keyword does not clear a byte per work of the catalogue first.
    const stamp = this.nextStamp(byType);
    const works: Work[] = [];
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      if (drives && !drives.has(this.driveOfSlot[slot] as number)) continue;
      const code = this.typeOfSlot[slot] as number;
      const work = this.workOfSlot[slot] as number;
      const listed = this.listedIn[code] as Int32Array;
      if (listed[work] === stamp) continue;
      listed[work] = stamp;
      works.push((byType[code] as TypeWorks).works[work] as Work);
    }
    return works;
  }

  /** The work with this id, if the catalogue holds it. */
  find(id: string): Work | undefined {
    const type = CONTENT_TYPES.find((candidate) => id.startsWith(`${candidate}-`));
    if (!type) return undefined;
    const typeWorks = this.typeWorks(type);
    typeWorks.byId ??= new Map(typeWorks.works.map((work, index) => [workId(type, work.key), index]));
    const index = typeWorks.byId.get(id);
    return index === undefined ? undefined : typeWorks.works[index];
  }

  /** The work's slots a drive filter lets through. */
  slotsOf(work: Work, drives: DriveSet): number[] {
    return drives ? work.slots.filter((slot) => drives.has(this.driveOfSlot[slot] as number)) : work.slots;
  }

  /** Of these slots (newest first), the newest of each drive: what a card shows when no link is checked. */
  newestPerDrive(slots: number[]): number[] {
    const seen = new Set<number>();
    return slots.filter((slot) => {
      const drive = this.driveOfSlot[slot] as number;
      if (seen.has(drive)) return false;
      seen.add(drive);
      return true;
    });
  }

  /** The drive code of the entry at `slot` (a slot of a type already grouped). */
  driveAt(slot: number): number {
    return this.driveOfSlot[slot] as number;
  }

  /** A stamp no entry of `listedIn` holds, with each type's array as long as its works. */
  private nextStamp(byType: TypeWorks[]): number {
    this.stamp = this.stamp === 0x7fffffff ? 1 : this.stamp + 1;
    const restart = this.stamp === 1;
    this.listedIn = byType.map((typeWorks, code) => {
      const listed = this.listedIn[code];
      return listed && listed.length >= typeWorks.works.length && !restart ? listed : new Int32Array(typeWorks.works.length);
    });
    return this.stamp;
  }

  /** Work indexes of one type's slots in first-seen order (slots all of that type). */
  private firstSeen(slots: ArrayLike<number>, drives: DriveSet, workCount: number): Int32Array {
    const seen = new Uint8Array(workCount);
    const order: number[] = [];
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      if (drives && !drives.has(this.driveOfSlot[slot] as number)) continue;
      const work = this.workOfSlot[slot] as number;
      if (seen[work] === 1) continue;
      seen[work] = 1;
      order.push(work);
    }
    return Int32Array.from(order);
  }

  private typeWorks(type: ContentType): TypeWorks {
    const version = this.catalogue.typeVersion(type);
    const known = this.types.get(type);
    if (known && known.version === version) return known;
    const { slots } = this.catalogue.listSlots({ type }, 0, Number.MAX_SAFE_INTEGER);
    const items = this.catalogue.itemsOf(slots);
    this.ensureSlots(this.catalogue.slotCount);
    const byKey = new Map<string, number>();
    const works: Work[] = [];
    for (let index = 0; index < slots.length; index++) {
      const slot = slots[index] as number;
      const item = items[index] as ContentItem;
      const key = workKey(item.title);
      let work = byKey.get(key);
      if (work === undefined) {
        work = works.length;
        byKey.set(key, work);
        works.push({ type, key, slots: [] });
      }
      (works[work] as Work).slots.push(slot);
      this.workOfSlot[slot] = work;
      this.typeOfSlot[slot] = TYPE_CODE[type];
      this.driveOfSlot[slot] = DRIVE_CODE.get(driveOf(item.source_link)) as number;
    }
    const built = { version, works, byId: undefined, orders: new Map() };
    this.types.set(type, built);
    return built;
  }

  private ensureSlots(count: number): void {
    if (count <= this.workOfSlot.length) return;
    const grow = <T extends Int32Array | Uint8Array>(from: T, make: (length: number) => T): T => {
      const next = make(Math.max(count, from.length * 2));
      next.set(from);
      return next;
    };
    this.workOfSlot = grow(this.workOfSlot, (length) => new Int32Array(length));
    this.typeOfSlot = grow(this.typeOfSlot, (length) => new Uint8Array(length));
    this.driveOfSlot = grow(this.driveOfSlot, (length) => new Uint8Array(length));
  }
}
