/**
 * Indexed binary min-heap over a fixed set of integer ids (0..capacity−1), keys in a
 * Float64Array. Supports insert-or-update and remove by id in O(log n) with no allocation
 * per operation. Ties break by id, so the event order — and the simulation — is deterministic.
 */
export class EventQueue {
  /** Keys by id. A hot caller may write `keys[id]` itself and then call `reorder(id)` (no boxed double argument). */
  readonly keys: Float64Array;
  private readonly heap: Int32Array;
  private readonly pos: Int32Array;
  private n = 0;

  constructor(capacity: number) {
    this.keys = new Float64Array(capacity);
    this.heap = new Int32Array(capacity);
    this.pos = new Int32Array(capacity).fill(-1);
  }

  get size(): number {
    return this.n;
  }

  /** Id with the smallest key (undefined behaviour when empty: check `size`). */
  peekId(): number {
    return this.heap[0];
  }

  peekKey(): number {
    return this.keys[this.heap[0]];
  }

  has(id: number): boolean {
    return this.pos[id] >= 0;
  }

  key(id: number): number {
    return this.keys[id];
  }

  /** Inserts `id` with `key`, or moves it if already queued. */
  set(id: number, key: number): void {
    const p = this.pos[id];
    if (p < 0) {
      this.keys[id] = key;
      const i = this.n++;
      this.heap[i] = id;
      this.pos[id] = i;
      this.up(i);
    } else {
      const old = this.keys[id];
      this.keys[id] = key;
      if (key < old) this.up(p);
      else if (key > old) this.down(p);
    }
  }

  /** `keys[id]` was just written: inserts `id`, or moves it to its new place (same result as `set`). */
  reorder(id: number): void {
    const p = this.pos[id];
    if (p < 0) {
      const i = this.n++;
      this.heap[i] = id;
      this.pos[id] = i;
      this.up(i);
    } else {
      this.up(p);
      this.down(this.pos[id]);
    }
  }

  remove(id: number): void {
    const p = this.pos[id];
    if (p < 0) return;
    this.pos[id] = -1;
    const last = this.heap[--this.n];
    if (p === this.n) return;
    this.heap[p] = last;
    this.pos[last] = p;
    this.down(p);
    this.up(this.pos[last]);
  }

  /**
   * Removes and returns the id with the smallest key. Bottom-up (Floyd): the hole left at the
   * root moves down along the smaller children to a leaf (one comparison a level), then the last
   * element rises from there — fewer comparisons than sifting it down from the root, and the
   * same order of ids out, since ids and keys order totally.
   */
  pop(): number {
    const heap = this.heap;
    const pos = this.pos;
    const keys = this.keys;
    const top = heap[0];
    pos[top] = -1;
    const n = --this.n;
    if (n === 0) return top;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let cid = heap[c];
      if (c + 1 < n) {
        const did = heap[c + 1];
        const dk = keys[did];
        const ck = keys[cid];
        if (dk < ck || (dk === ck && did < cid)) {
          c++;
          cid = did;
        }
      }
      heap[i] = cid;
      pos[cid] = i;
      i = c;
    }
    const last = heap[n];
    heap[i] = last;
    pos[last] = i;
    if (i !== n) this.up(i);
    return top;
  }

  private less(a: number, b: number): boolean {
    const ka = this.keys[a];
    const kb = this.keys[b];
    return ka < kb || (ka === kb && a < b);
  }

  private up(i: number): void {
    const heap = this.heap;
    const pos = this.pos;
    const id = heap[i];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pid = heap[parent];
      if (!this.less(id, pid)) break;
      heap[i] = pid;
      pos[pid] = i;
      i = parent;
    }
    heap[i] = id;
    pos[id] = i;
  }

  private down(i: number): void {
    const heap = this.heap;
    const pos = this.pos;
    const n = this.n;
    const id = heap[i];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.less(heap[c + 1], heap[c])) c++;
      const cid = heap[c];
      if (!this.less(cid, id)) break;
      heap[i] = cid;
      pos[cid] = i;
      i = c;
    }
    heap[i] = id;
    pos[id] = i;
  }
}

/**
 * Several small min-heaps of ids packed in one Int32Array (one region of `width` per heap),
 * keyed by a shared Float64Array indexed by id. Used for the decoding sequences of each engine,
 * keyed by the engine-clock tick at which their segment ends. Ties break by id.
 */
export class PackedHeaps {
  readonly sizes: Int32Array;
  private readonly items: Int32Array;

  constructor(
    heaps: number,
    private readonly width: number,
    private readonly keys: Float64Array,
  ) {
    this.sizes = new Int32Array(heaps);
    this.items = new Int32Array(heaps * width);
  }

  top(h: number): number {
    return this.items[h * this.width];
  }

  push(h: number, id: number): void {
    const items = this.items;
    const keys = this.keys;
    const base = h * this.width;
    let i = this.sizes[h]++;
    const k = keys[id];
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pid = items[base + parent];
      const pk = keys[pid];
      if (pk < k || (pk === k && pid < id)) break;
      items[base + i] = pid;
      i = parent;
    }
    items[base + i] = id;
  }

  pop(h: number): number {
    const base = h * this.width;
    const top = this.items[base];
    const n = --this.sizes[h];
    if (n > 0) this.siftDown(base, n, 0, this.items[base + n]);
    return top;
  }

  /** Places `id` at slot `i` of the heap at `base` holding `n` ids, moving it down past smaller children. */
  private siftDown(base: number, n: number, i: number, id: number): void {
    const items = this.items;
    const keys = this.keys;
    const k = keys[id];
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let cid = items[base + c];
      let ck = keys[cid];
      if (c + 1 < n) {
        const did = items[base + c + 1];
        const dk = keys[did];
        if (dk < ck || (dk === ck && did < cid)) {
          c++;
          cid = did;
          ck = dk;
        }
      }
      if (k < ck || (k === ck && id < cid)) break;
      items[base + i] = cid;
      i = c;
    }
    items[base + i] = id;
  }

  /** The i-th id of heap h (heap order), for scans. */
  at(h: number, i: number): number {
    return this.items[h * this.width + i];
  }

  /** Removes `id` from heap h: found by a linear search (rare events such as preemption), its place refilled by the last id. */
  remove(h: number, id: number): void {
    const items = this.items;
    const keys = this.keys;
    const base = h * this.width;
    const n = this.sizes[h];
    let i = 0;
    while (i < n && items[base + i] !== id) i++;
    if (i === n) return;
    const m = --this.sizes[h];
    if (i === m) return;
    const last = items[base + m];
    const k = keys[last];
    // Up while smaller than the parent, else down past smaller children.
    let moved = false;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pid = items[base + parent];
      const pk = keys[pid];
      if (pk < k || (pk === k && pid < last)) break;
      items[base + i] = pid;
      i = parent;
      moved = true;
    }
    if (moved) items[base + i] = last;
    else this.siftDown(base, m, i, last);
  }
}
