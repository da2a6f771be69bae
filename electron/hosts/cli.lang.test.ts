import { describe, expect, it } from 'vitest';
import { createSampleWorkshop, migrate } from '../../shared/model';
import { ContractError } from '../../shared/contract/errors';
import { localized } from './cli';

/** A run of two or more Latin letters: English in a Chinese message. */
const LATIN_WORD = /[A-Za-z]{2,}/;
/** The file's own values, quoted in a message ("mean", “nobody”), are not text of the message. */
const own = (s: string) => s.replace(/"[^"]*"|“[^”]*”/g, '');

describe('the CLI in the reader language (--lang)', () => {
  const broken = { ...createSampleWorkshop('zh-CN', '2026-11-29T10:00:00.000Z', 'w1'), aggregation: 'mode', meta: { title: '' } };
  const res = migrate(broken);
  if (res.ok) throw new Error('expected the broken document to be refused');
  it('the CLI words a refused workshop in the language asked for (--lang), codes and paths unchanged', () => {
    const err = new ContractError('invalid_document', res.message, res.issues, res.reason);
    const zh = localized(err, 'zh-CN').toJSON();
    expect(zh.message).toMatch(/^工作坊文件无效/);
    expect(zh.issues!.map((i) => i.path)).toEqual(res.issues.map((i) => i.path));
    expect(zh.issues!.map((i) => i.code)).toEqual(res.issues.map((i) => i.code));
    for (const i of zh.issues!) expect(own(i.message)).not.toMatch(LATIN_WORD);
    expect(localized(err, 'en').toJSON()).toEqual(err.toJSON());
  });
});
