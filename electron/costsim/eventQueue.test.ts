import { describe, expect, it } from 'vitest';
import { EventQueue, PackedHeaps } from './eventQueue';
import { Rng } from '../engine/rng';

describe('EventQueue', () => {
  it('pops in key order with updates and removals, ties by id', () => {
    const q = new EventQueue(1000);
    const r = new Rng(5);
    const keys = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const k = Math.floor(r.uniform() * 100);
      q.set(i, k);
      keys.set(i, k);
    }
    for (let i = 0; i < 1000; i += 3) {
      const k = Math.floor(r.uniform() * 100);
      q.set(i, k);
      keys.set(i, k);
    }
    for (let i = 1; i < 1000; i += 7) {
      q.remove(i);
      keys.delete(i);
    }
    const expected = [...keys.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0]).map((e) => e[0]);
    const got: number[] = [];
    while (q.size) got.push(q.pop());
    expect(got).toEqual(expected);
  });

  it('keeps the order when pops interleave with inserts and updates (an event loop)', () => {
    const q = new EventQueue(500);
    const r = new Rng(11);
    const live = new Map<number, number>();
    let now = 0;
    for (let i = 0; i < 200; i++) {
      const k = Math.floor(r.uniform() * 50);
      q.set(i, k);
      live.set(i, k);
    }
    for (let n = 0; n < 5000; n++) {
      const min = [...live.entries()].sort((a, b) => a[1] - b[1] || a[0] - b[0])[0];
      expect(q.peekKey()).toBe(min[1]);
      const id = q.pop();
      expect(id).toBe(min[0]);
      live.delete(id);
      now = min[1];
      // The popped event schedules itself again, and another one moves (ties are common).
      const k = now + Math.floor(r.uniform() * 20);
      q.set(id, k);
      live.set(id, k);
      const other = Math.floor(r.uniform() * 200);
      if (live.has(other)) {
        const k2 = now + Math.floor(r.uniform() * 20);
        q.set(other, k2);
        live.set(other, k2);
      }
    }
    expect(q.size).toBe(live.size);
  });
});

describe('PackedHeaps', () => {
  it('keeps independent heaps per region', () => {
    const keys = new Float64Array([5, 1, 3, 2, 4, 0]);
    const h = new PackedHeaps(2, 3, keys);
    [0, 1, 2].forEach((id) => h.push(0, id));
    [3, 4, 5].forEach((id) => h.push(1, id));
    expect([h.pop(0), h.pop(0), h.pop(0)]).toEqual([1, 2, 0]);
    expect([h.pop(1), h.pop(1), h.pop(1)]).toEqual([5, 3, 4]);
  });

  it('removes any id and still pops in key order, ties by id (preemption)', () => {
    const r = new Rng(3);
    const keys = new Float64Array(64);
    for (let i = 0; i < 64; i++) keys[i] = Math.floor(r.uniform() * 16);
    const h = new PackedHeaps(2, 64, keys);
    for (let i = 0; i < 64; i++) h.push(1, i);
    const live = new Set(Array.from({ length: 64 }, (_, i) => i));
    for (const id of [5, 63, 0, 17, 40, 41, 2, 33]) {
      h.remove(1, id);
      live.delete(id);
    }
    h.remove(1, 5); // already gone: no effect
    const expected = [...live].sort((a, b) => keys[a] - keys[b] || a - b);
    const got: number[] = [];
    while (h.sizes[1] > 0) got.push(h.pop(1));
    expect(got).toEqual(expected);
    expect(h.sizes[0]).toBe(0);
  });
});
