/**
 * Typed arrays over SharedArrayBuffers: a build's arrays live there once it is finished, so every search
 * worker reads the one copy (docs/search.md, "Every core"). A builder grows ordinary arrays (a
 * SharedArrayBuffer cannot be transferred to a larger size) and hands its finished, trimmed arrays to
 * `shared`, one copy per build; arrays whose size is known up front are allocated shared at once.
 * Posting a shared array to a worker passes the memory, never a copy of it.
 */

type SharedTyped = Int32Array | Uint32Array | Uint16Array | Uint8Array;

/** The array itself when it is shared already, else a shared copy of it (its length, its contents). */
export function shared<T extends SharedTyped>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array;
  const made = new (array.constructor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(array.byteLength));
  (made as Uint8Array).set(array as Uint8Array);
  return made;
}

/**
 * `shared`, for a builder's own array that nothing reads afterwards: its memory is given back at once
 * (the buffer is transferred to nothing), not at the next full collection, so a build's peak and the
 * memory it leaves behind are one copy of each array, not two.
 */
export function moveToShared<T extends SharedTyped>(array: T): T {
  const made = shared(array);
  if (made !== array) (array.buffer as ArrayBuffer).transfer(0);
  return made;
}

/** A zeroed shared Int32Array of `length` ints. */
export function sharedInt32(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(length * 4));
}

/** A zeroed shared Uint8Array of `length` bytes. */
export function sharedUint8(length: number): Uint8Array {
  return new Uint8Array(new SharedArrayBuffer(length));
}
