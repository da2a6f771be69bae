import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { escapeMarkdownInline } from './escape';
import { renderMarkdown } from './markdown';
import { displayName, nameText } from '../../shared/model';
import { consensus } from '../engine/ahp';
import { ROBUSTNESS_WORDS, expectedRobustness, runnerUpParts, slopedPriorities, withAhpJudges } from '../../test/fixtures/reportFigures';

const doc = fullWorkshop();
const md = (lang: 'en' | 'zh-CN' = 'en', d = doc) => renderMarkdown(buildContent(d, analyseWorkshop(d), lang));

describe('Markdown decision record', () => {
  const en = md();

  it('has the ADR sections in order: context, options, decision, consequences, dissent, review', () => {
    const heads = [...en.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(heads).toEqual([
      'Context',
      'Options considered',
      'Decision',
      'Consequences',
      'Dissent',
      'Review',
      'Focus points: local and global weights',
      'Decision health: the assumptions board',
      'How the room converged',
    ]);
    expect(en.startsWith('# Decision record: Full workshop: RL stack for the code agent\n')).toBe(true);
  });

  it('records the decision, its status, rationale, dissent, consequences and review date', () => {
    expect(en).toContain('- **Status:** Accepted');
    expect(en).toContain('**Hybrid architecture**');
    expect(en).toContain('Best overall fit; keeps the team’s cluster busy and bursts to the cloud.');
    expect(en).toContain('Finance prefers the managed platform for predictable bills.');
    expect(en).toContain('Two SREs on the hybrid scheduler; quarterly cost review.');
    expect(en).toContain('- **Review date:** 2026-09-30');
  });

  it('lists every option with its rank and total, and marks the chosen one', () => {
    const options = en.slice(en.indexOf('## Options considered'), en.indexOf('## Decision'));
    for (const c of doc.candidates) expect(options).toContain(escapeMarkdownInline(nameText(c.name, 'en')));
    expect(options).toContain('Self-built distributed training cluster');
    expect(options).toMatch(/\| 1 \| .+ \| [\d.]+ \| [\d.]+% ± [\d.]+% \|/);
    expect(options).toContain('**(chosen)**');
  });

  it('is “Proposed” and names the analysis’ first when no decision is recorded', () => {
    const open = md('en', { ...doc, decision: { ...doc.decision, candidateId: null } });
    expect(open).toContain('- **Status:** Proposed');
    expect(open).toMatch(/No decision has been recorded; the weighted evaluation ranks .+ first\./);
  });

  it('writes the record in Chinese on request', () => {
    const zh = md('zh-CN');
    expect([...zh.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual([
      '背景',
      '备选方案',
      '决策',
      '影响与后果',
      '不同意见',
      '复盘',
      '关注要点：局部与全局权重',
      '决策健康度：假设看板',
      '现场意见如何趋同',
    ]);
  });

  it('keeps tables well formed: every row has as many cells as the header', () => {
    const lines = en.split('\n');
    let width = 0;
    for (const line of lines) {
      if (!line.startsWith('| ')) {
        width = 0;
        continue;
      }
      const cells = line.replace(/\\\|/g, '').split('|').length;
      if (width === 0) width = cells;
      expect(cells).toBe(width);
    }
  });
});

describe('provenance of the final weights', () => {
  it('states where the weights came from, hand edits, declined proposals and a pending one, in both languages (HTML too)', async () => {
    const { adoptWeights, setAnswer } = await import('../../shared/model');
    const { renderHtml } = await import('./html');
    // The fixture's weights: starting weights with two accepted rules, edited by hand, one proposal declined.
    expect(md()).toContain('Provenance of the final weights: the starting weights with the accepted adaptation rules (#1: Throughput efficiency +5');
    expect(md()).toContain('The team kept these weights against 1 proposed change from upstream.');
    // Adopted ROC weights, then the needs change: the report says so, and names the order.
    let d = adoptWeights(
      doc,
      doc.criteria.map((_, i) => doc.criteria.length - i),
      { source: 'rank', order: doc.criteria.map((c) => c.id) },
      '2026-03-04T08:30:00.000Z',
    );
    d = setAnswer(d, 'growthStage', 'stable');
    const en = md('en', d);
    expect(en).toContain(
      `rank-order (ROC) weights of the order ${displayName(doc.criteria[0], 'en', 'criterion', 0)} › ${displayName(doc.criteria[1], 'en', 'criterion', 1)}`,
    );
    expect(en).toContain('adopted 2026-03-04 08:30 UTC');
    expect(md('zh-CN', d)).toContain('最终权重的来源：排序赋权（ROC）权重');
    // The time zone is named in the reader's language (the zh PDF said "UTC").
    expect(md('zh-CN', d)).toContain('采用于 2026-03-04 08:30（协调世界时）');
    expect(md('zh-CN', d)).not.toContain('UTC');
    expect(renderHtml(buildContent(d, analyseWorkshop(d), 'en'))).toContain('<p class="provenance"><bdi>Provenance of the final weights: rank-order (ROC)');
  });
});

describe('Markdown: Monte Carlo error, the runner-up’s distance, AHP consensus', () => {
  const K = doc.criteria.length;
  for (const lang of ['en', 'zh-CN'] as const) {
    const words = ROBUSTNESS_WORDS[lang];
    const out = md(lang);
    const x = expectedRobustness(doc, lang);

    it(`${lang}: the options table gives each first-rank acceptability ± its standard error, explained`, () => {
      for (const row of x.firstRank)
        expect(out).toMatch(new RegExp(`^\\| \\d \\| ${escapeMarkdownInline(row.name)}.* \\| ${row.text.replace(/[.]/g, '\\.')} \\|$`, 'm'));
      expect(out).toContain(words.error);
    });

    it(`${lang}: says what it takes for the runner-up to tie the winner`, () => {
      const line = out.split('\n').find((l) => l.includes(words.takes)) ?? '';
      for (const part of runnerUpParts(x, lang, escapeMarkdownInline)) expect(line).toContain(part);
    });

    it(`${lang}: AHP consensus n/a with one judge, S* with two, and the judges counted`, () => {
      expect(out).not.toContain('AHP');
      const one = md(lang, withAhpJudges(doc, [slopedPriorities(K, 0.5)]));
      expect(one).toContain(escapeMarkdownInline(words.na));
      expect(one).toContain(words.judges(1));
      const p = [slopedPriorities(K, 0.5), slopedPriorities(K, -0.05)];
      const two = md(lang, withAhpJudges(doc, p));
      const { sStar } = consensus(p, [doc.participants[0].influence, doc.participants[1].influence]);
      expect(two).toContain(`S\\*${lang === 'en' ? ': ' : '：'}${Math.round(sStar * 100) / 100}`);
      expect(two).toContain(words.judges(2));
      expect(two).not.toContain(escapeMarkdownInline(words.na));
    });
  }
});
