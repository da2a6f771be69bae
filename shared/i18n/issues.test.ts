import { describe, expect, it } from 'vitest';
import { createSampleWorkshop, migrate, SCHEMA_VERSION } from '../model';
import { issueText, localizeIssues, migrateMessage } from './issues';

/** A run of two or more Latin letters: English in a Chinese message (the file's own field names are in the path, not here). */
const LATIN_WORD = /[A-Za-z]{2,}/;
/** The file's own values, quoted in a message ("mean", “nobody”), are not text of the message. */
const own = (s: string) => s.replace(/"[^"]*"|“[^”]*”/g, '');

/** The sample workshop broken in the ways a hand-edited or foreign file is: every kind of problem the import dialog lists. */
// The schema's own types and bounds first; the rules across the document (scale, references) only run on a document that passed those.
function brokenDoc(cross: boolean): Record<string, unknown> {
  const doc = JSON.parse(JSON.stringify(createSampleWorkshop('zh-CN', '2026-11-29T10:00:00.000Z', 'w1'))) as {
    meta: { title: string; colour?: string };
    scores: { value: unknown; candidateId: string }[];
    candidates: { colour: number }[];
    criteria: { weight: number }[];
    aggregation: string;
    createdAt: string;
  };
  if (cross) {
    doc.scores[0].value = 42; // custom: outside the scale
    doc.scores[2].candidateId = 'nobody'; // custom: unknown candidate
    doc.candidates[1].colour = doc.candidates[0].colour; // custom: colour slot taken
    return doc;
  }
  doc.meta.title = ''; // too_small (string) → must not be empty
  doc.meta.colour = 'red'; // unknown field
  doc.scores[1].value = 'high'; // invalid_type
  doc.criteria[0].weight = -5; // too_small (number)
  doc.aggregation = 'mode'; // invalid_value
  doc.createdAt = 'yesterday'; // invalid_format
  return doc;
}

describe('validation problems in the reader language', () => {
  const res = migrate(brokenDoc(false));
  const cross = migrate(brokenDoc(true));
  if (res.ok || cross.ok) throw new Error('expected the broken documents to be refused');

  it('words every problem of a broken workshop file in Chinese, with no English, and keeps the English for en', () => {
    const issues = [...res.issues, ...cross.issues];
    expect(issues).toHaveLength(9);
    const zh = localizeIssues(issues, 'zh-CN');
    for (const [k, i] of zh.entries()) {
      expect(own(i.message), `${i.path}: ${issues[k].message}`).not.toMatch(LATIN_WORD);
      expect(i.message, `${i.path} falls back to the generic text`).not.toBe('值无效');
      expect(i.path).toBe(issues[k].path);
    }
    expect(localizeIssues(res.issues, 'en')).toEqual(res.issues);
    const byPath = Object.fromEntries(zh.map((i) => [i.path, i.message]));
    expect(byPath['meta.title']).toBe('不能为空');
    expect(byPath['meta.colour']).toBe('未知字段');
    expect(byPath['scores[0].value']).toBe('必须在评分量表 0–10 之内');
    expect(byPath['scores[1].value']).toBe('缺失或类型不符：应为数字');
    expect(byPath['scores[2].candidateId']).toBe('未知的候选方案 “nobody”');
    expect(byPath['criteria[0].weight']).toBe('不能小于 0');
    expect(byPath['candidates[1].colour']).toMatch(/^颜色位 \d+ 已被占用$/);
    expect(byPath['aggregation']).toMatch(/^应为以下之一："mean", /);
    expect(byPath['createdAt']).toMatch(/^格式不正确：应为日期时间/);
  });

  it('words the headline of every refusal in both languages from one reason', () => {
    expect(res.reason).toEqual({ code: 'invalid', params: { count: expect.any(Number) } });
    expect(res.message).toBe(migrateMessage(res.reason, 'en'));
    expect(migrateMessage(res.reason, 'zh-CN')).toBe(`工作坊文件无效：发现 ${res.reason.params.count} 个问题。`);
    const refusals = [
      migrate([]),
      migrate({ schemaVersion: 'x' }),
      migrate({ schemaVersion: SCHEMA_VERSION + 1 }),
      migrate({ schemaVersion: SCHEMA_VERSION, candidates: new Array(5000).fill(0) }),
    ];
    const codes = refusals.map((r) => (r.ok ? 'ok' : r.reason.code));
    expect(codes).toEqual(['not_object', 'no_version', 'newer_version', 'too_long']);
    for (const r of refusals) {
      if (r.ok) continue;
      expect(r.message).toBe(migrateMessage(r.reason, 'en'));
      // Chinese headlines keep only the file format's own key name (schemaVersion) and "JSON".
      expect(migrateMessage(r.reason, 'zh-CN').replace(/schemaVersion|JSON/g, '')).not.toMatch(LATIN_WORD);
      for (const i of r.issues) expect(issueText(i, 'zh-CN')).not.toMatch(LATIN_WORD);
    }
  });
});
