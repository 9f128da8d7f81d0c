/**
 * Texts stored back to back as UTF-16 code units in one growable Uint16Array: entry e is
 * units[offsets[e], offsets[e + 1]). A million titles cost one array, not a million strings scattered
 * over the heap, and the tier checks and index builds read them with plain loops.
 */
export class TextBuffer {
  private unitArray: Uint16Array;
  private offsetArray: Int32Array;
  private entries = 0;

  constructor(units = 1024, entries = 64) {
    this.unitArray = new Uint16Array(units);
    this.offsetArray = new Int32Array(entries + 1);
  }

  get units(): Uint16Array {
    return this.unitArray;
  }

  get offsets(): Int32Array {
    return this.offsetArray;
  }

  get count(): number {
    return this.entries;
  }

  get bytes(): number {
    return this.unitArray.byteLength + this.offsetArray.byteLength;
  }

  length(entry: number): number {
    return (this.offsetArray[entry + 1] as number) - (this.offsetArray[entry] as number);
  }

  /** Appends a string; returns its entry. */
  append(text: string): number {
    let at = this.reserve(text.length);
    const units = this.unitArray;
    for (let index = 0; index < text.length; index++) units[at++] = text.charCodeAt(index);
    return this.entries++;
  }

  /** Appends a copy of another buffer's entry; returns the new entry. */
  appendCopy(from: TextBuffer, entry: number): number {
    const start = from.offsetArray[entry] as number;
    const end = from.offsetArray[entry + 1] as number;
    let at = this.reserve(end - start);
    const units = this.unitArray;
    const source = from.unitArray;
    for (let index = start; index < end; index++) units[at++] = source[index] as number;
    return this.entries++;
  }

  /** The entry as a string, for the rare checks that need one. */
  text(entry: number): string {
    const start = this.offsetArray[entry] as number;
    const end = this.offsetArray[entry + 1] as number;
    let text = '';
    for (let at = start; at < end; at += 4096) text += String.fromCharCode(...this.unitArray.subarray(at, Math.min(end, at + 4096)));
    return text;
  }

  /** Makes room for one more entry of `length` units; returns where its units go. */
  private reserve(length: number): number {
    const start = this.offsetArray[this.entries] as number;
    if (start + length > this.unitArray.length) {
      const units = new Uint16Array(Math.max(start + length, this.unitArray.length * 2));
      units.set(this.unitArray);
      this.unitArray = units;
    }
    if (this.entries + 2 > this.offsetArray.length) {
      const offsets = new Int32Array(Math.max(this.entries + 2, this.offsetArray.length * 2));
      offsets.set(this.offsetArray);
      this.offsetArray = offsets;
    }
    this.offsetArray[this.entries + 1] = start + length;
    return start;
  }
}
