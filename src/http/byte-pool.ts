/**
 * Bytes for answers built per request and sent at once (a page nobody asked before): carved out of
 * shared 1 MB slabs, as Node's own pool does for small Buffers. A Buffer of its own costs an ArrayBuffer
 * per answer (about 0.6 µs for a 5–9 KB page, measured, and external memory the garbage collector must
 * track); a slice of a slab costs a view. Slab memory is never reused: a slab is let go by the garbage
 * collector once no answer cut from it is referenced any more, so an answer's bytes stay valid for as
 * long as anything holds them. An answer kept for long (the response cache) takes `ownBytes` first, so
 * it never holds a whole slab.
 */

const SLAB_BYTES = 1024 * 1024;
/** Larger answers get a Buffer of their own: they would waste the tail of a slab. */
const LARGEST = SLAB_BYTES / 8;

let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let used = 0;

/** `size` uninitialised bytes, valid for as long as the returned Buffer is referenced. */
export function pooledBytes(size: number): Buffer {
  if (size > LARGEST) return Buffer.allocUnsafe(size);
  if (used + size > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    used = 0;
  }
  const bytes = slab.subarray(used, used + size);
  used += (size + 7) & ~7; // 8-byte aligned, as Node aligns its pool
  return bytes;
}

/** `bytes` in memory of its own: the bytes themselves, or a copy when they are a slice of a slab. */
export function ownBytes(bytes: Buffer): Buffer {
  return bytes.buffer.byteLength === SLAB_BYTES && bytes.length < SLAB_BYTES ? Buffer.from(bytes) : bytes;
}
