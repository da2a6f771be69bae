import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The text catalogue (shared/i18n) says each Chinese sentence once; read from the source, since shared/ itself may not read files. */
const ROOT = path.resolve(__dirname, '../../shared/i18n');
const CJK = /[\u3400-\u9fff]/;

describe('the text catalogue', () => {
  it('says no Chinese sentence twice', () => {
    // Read from the source: a spread (`...costEvidence`) shares one text, a copy repeats it.
    const dir = path.join(ROOT, 'zh-CN');
    const files = [...readdirSync(dir).map((f) => path.join(dir, f)), path.join(ROOT, 'issues.ts')];
    const seen = new Map<string, string[]>();
    for (const f of files)
      for (const m of readFileSync(f, 'utf8').matchAll(/'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`/g))
        for (const sentence of (m[1] ?? m[2]).split(/(?<=[。！？])/).map((s) => s.trim()))
          if (CJK.test(sentence) && [...sentence].length > 8) seen.set(sentence, [...(seen.get(sentence) ?? []), path.basename(f)]);
    const repeated = [...seen].filter(([s, where]) => where.length > 1 && !DELIBERATE_REPEATS.has(s));
    expect(repeated).toEqual([]);
  });
});

/**
 * Repeats kept on purpose: a closing sentence shared by two messages that are each one unit for
 * the reader (and the translator), where splitting the message would cost more than the repeat.
 */
const DELIBERATE_REPEATS = new Set<string>([
  '如果那不是你，请告诉主持人。', // participant: a name claimed / a link opened on another device
  '这些参与者已看到“未保存——请重试”。', // room vote: disk full / write refused
  '仅分离资源池时有效。', // simulator help: rollout GPUs / training GPUs
]);
