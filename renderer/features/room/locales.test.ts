import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { roomLocale } from './locales';

/** Every key path of a nested strings object; plural forms (`_one`, `_other`) count as their base key. */
function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}
const base = (k: string) => k.replace(/_(one|other)$/, '');

describe('room strings', () => {
  it('zh-CN and en have the same keys, none empty', () => {
    const en = keys(roomLocale.en).sort();
    const zh = keys(roomLocale['zh-CN']).sort();
    expect(zh).toEqual(en);
    const values = (o: unknown): string[] => (typeof o === 'string' ? [o] : Object.values(o as object).flatMap(values));
    expect(values(roomLocale.en).filter((s) => !s.trim())).toEqual([]);
    expect(values(roomLocale['zh-CN']).filter((s) => !s.trim())).toEqual([]);
  });

  it('every literal key the room and its charts ask for exists', () => {
    const known = new Set(keys(roomLocale.en).map(base));
    const dirs = [path.resolve(__dirname), path.resolve(__dirname, '../../charts')];
    const used = new Set<string>();
    for (const dir of dirs)
      for (const f of readdirSync(dir).filter((n) => n.endsWith('.tsx') || n.endsWith('.ts'))) {
        for (const m of readFileSync(path.join(dir, f), 'utf8').matchAll(/\bt\('(room\.[A-Za-z0-9_.-]+)'/g)) used.add(m[1]);
      }
    expect(used.size).toBeGreaterThan(100);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });
});
