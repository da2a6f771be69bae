import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRINGS } from '../../participant/strings';
import { roomVoteLocale } from './vote-locales';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('room-vote strings', () => {
  it('zh-CN and en have the same keys (facilitator panel and participant page), and every key the panel asks for exists', () => {
    expect(keys(roomVoteLocale['zh-CN']).sort()).toEqual(keys(roomVoteLocale.en).sort());
    expect(keys(STRINGS['zh-CN']).sort()).toEqual(keys(STRINGS.en).sort());
    const known = new Set(keys(roomVoteLocale.en));
    const used = new Set<string>();
    for (const f of ['RoomVote.tsx', 'roomVote.ts'])
      for (const m of readFileSync(path.join(__dirname, f), 'utf8').matchAll(/\bt\('(roomVote\.[A-Za-z0-9_.-]+)'/g)) used.add(m[1]);
    expect(used.size).toBeGreaterThan(30);
    expect([...used].filter((k) => !known.has(k))).toEqual([]);
  });

  it('points nobody to a README: the panel says what it means in place', () => {
    expect(JSON.stringify(roomVoteLocale)).not.toMatch(/README/);
    expect(JSON.stringify(STRINGS)).not.toMatch(/README/);
  });
});
