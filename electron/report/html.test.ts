import { describe, expect, it } from 'vitest';
import { candidateName, confirmDecision, scoreCube, setWeightPoints, updateDecision } from '../../shared/model';
import { renderMarkdown } from './markdown';
import { evaluate } from '../../shared/scoring/evaluate';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { formatCost } from '../../shared/model/currency';
import { formatMoney } from '../../shared/format';
import { renderHtml, REPORT_CSP } from './html';
import { consensus } from '../engine/ahp';
import { escapeHtml } from './escape';
import { ROBUSTNESS_WORDS, expectedRobustness, runnerUpParts, slopedPriorities, withAhpJudges } from '../../test/fixtures/reportFigures';

const doc = fullWorkshop();
const html = (lang: 'en' | 'zh-CN' = 'en', d = doc) => renderHtml(buildContent(d, analyseWorkshop(d), lang));

describe('HTML report', () => {
  const en = html('en');

  it('is one self-contained document: no script, no external reference of any kind', () => {
    expect(en.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(en).toContain(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP.replace(/'/g, '&#39;')}">`);
    expect(en).not.toMatch(/<script|<link|<iframe|<img|<object|<embed|@import|url\(/i);
    expect(en).not.toMatch(/\s(src|srcset|action|formaction|xlink:href)=/i);
    // The only links are in-page anchors.
    for (const m of en.matchAll(/href="([^"]*)"/g)) expect(m[1]).toMatch(/^#[a-z]+$/);
    expect(en).not.toMatch(/\son[a-z]+=/i);
  });

  it('has every section of the issue, in order', () => {
    const ids = ['needs', 'candidates', 'weights', 'scores', 'ranking', 'robustness', 'cost', 'validation', 'metrics', 'rollout', 'iteration', 'decision'];
    const positions = ids.map((id) => en.indexOf(`<section id="${id}"`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('shows the engine’s ranking and totals', () => {
    const ev = evaluate({
      candidates: doc.candidates.map((c) => c.id),
      criteria: doc.criteria.map((c) => ({ id: c.id, weight: c.weight })),
      scores: scoreCube(doc),
      scale: doc.scale,
      aggregation: doc.aggregation,
      participantWeights: doc.participants.map((p) => p.influence),
    });
    const winner = candidateName(doc, doc.candidates[ev.ranking[0]].id, 'en');
    expect(en).toContain(`ranks <strong><bdi>${winner}</bdi></strong> first`);
    const ranking = en.slice(en.indexOf('<table class="ranking">'));
    const rows = [
      ...ranking.slice(0, ranking.indexOf('</table>')).matchAll(/<tr><td class="num">(\d+)<\/td><td><bdi>([^<]+)<\/bdi>.*?<td class="num">([\d.]+)<\/td>/g),
    ];
    expect(rows.map((r) => r[2])).toEqual(ev.ranking.map((i) => candidateName(doc, doc.candidates[i].id, 'en')));
    expect(rows.map((r) => Number(r[3]))).toEqual(ev.ranking.map((i) => Number((ev.totals[i] * 100).toFixed(1))));
  });

  it('draws the charts as inline SVG: ranking, radar, stability, acceptability, one per metric', () => {
    for (const cls of ['bars', 'radar', 'intervals', 'stacked']) expect(en).toContain(`<svg class="chart ${cls}"`);
    const metrics = new Set(doc.metrics.series.map((s) => `${s.metric}|${s.bucket}`)).size;
    expect(en.match(/<svg class="chart lines"/g)).toHaveLength(metrics);
  });

  it('prints well: A4 pages, page breaks, charts and rows never cut', () => {
    expect(en).toMatch(/@page \{ size: A4/);
    expect(en).toMatch(/\.chart-figure \{[^}]*break-inside: avoid/);
    expect(en).toMatch(/svg\.chart \{[^}]*break-inside: avoid/);
    expect(en).toMatch(/\.page-break \{ break-before: page/);
    expect(en).toContain('class="page-break"');
  });

  it('states the verdict with its evidence, including the TOPSIS method check', () => {
    const an = analyseWorkshop(doc);
    expect(en).toContain(`<h3>Verdict: ${an.verdict!.fragile ? 'Fragile winner' : 'Robust winner'}</h3>`);
    const topsisFirst = candidateName(doc, doc.candidates[an.topsis!.ranking[0]].id, 'en');
    expect(en).toContain(
      an.topsis!.agrees
        ? `TOPSIS agrees: ${topsisFirst} also wins by closeness to the ideal.`
        : `TOPSIS disagrees: by closeness to the ideal, ${topsisFirst} would win.`,
    );
    expect(en).toContain('First-rank acceptability');
  });

  it('lists the what-if scenarios with their winners', () => {
    expect(en).toContain('<h3>What-if scenarios</h3>');
    expect(en).toMatch(/<tr><td><bdi>Cost matters more<\/bdi><\/td><td><bdi>[^<]+<\/bdi><\/td><td class="num">[\d.]+<\/td>/);
  });

  it('writes the adaptation rules with their reasons and decisions', () => {
    // Rules by number: internal rule ids stay in machine formats (CSV), not in the report people read.
    expect(en).not.toContain('growth-stage');
    expect(en).toContain('<td class="num">#1</td>');
    expect(en).toContain('The business is growing fast');
    expect(en).toMatch(/<span class="status accepted">Accepted<\/span>/);
    expect(en).toMatch(/<span class="status rejected">Rejected<\/span>/);
  });

  it('speaks the workshop’s language, or the one asked for', () => {
    const zh = html('zh-CN');
    expect(zh).toContain('<html lang="zh-CN">');
    expect(zh).toContain('选型决策报告');
    expect(zh).toContain('失配控制');
    expect(zh).not.toContain('Decision report');
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Mismatch control');
  });

  it('says so, instead of failing, when there is nothing to analyse', () => {
    const empty = html('en', {
      ...doc,
      scores: [],
      metrics: { series: [], imports: [], written: [], valueFunctions: {}, pilots: [], calibrations: [] },
      simulations: [],
      validation: [],
    });
    expect(empty).toContain('No scores have been entered yet');
    expect(empty).toContain('No pilot metrics recorded.');
    expect(empty).toContain('No cost simulation was run.');
    expect(empty).not.toContain('<svg class="chart radar"');
  });

  it('shows a stored simulation result’s key figures', () => {
    const result = doc.simulations[0].result as { totals: { costTotal: number } };
    const usd = { code: 'USD' as const, cnyPerUsd: 7.2 };
    expect(html('en', { ...doc, currency: usd })).toContain(
      `<div class="kpi-label">Cost total</div><div class="kpi-value">${formatMoney(result.totals.costTotal, 'USD', 'en')}</div>`,
    );
    expect(en).toContain('Cost per archetype');
  });

  it('shows a yuan workshop’s simulation costs in yuan at its exchange rate, never in dollars', () => {
    const result = doc.simulations[0].result as { totals: { costTotal: number } };
    const cny = { ...doc, currency: { code: 'CNY' as const, cnyPerUsd: 7.25 } };
    for (const lang of ['en', 'zh-CN'] as const) {
      const out = html(lang, cny);
      const yuan = formatMoney(result.totals.costTotal * 7.25, 'CNY', lang);
      expect(formatCost(result.totals.costTotal, cny.currency, lang)).toBe(yuan);
      expect(out).toContain(`<div class="kpi-value">${yuan}</div>`);
      expect(out).toContain(formatMoney(7.25, 'CNY', lang));
      // No dollar amount in the simulation section (only the rate's US$1.00).
      const section = out.slice(out.indexOf('<section id="cost"'), out.indexOf('<section id="validation"'));
      expect(section.replaceAll(formatMoney(1, 'USD', lang), '')).not.toMatch(/US\$|\$\d/);
    }
  });

  it('marks a result whose scenario changed since it ran as stale, and shows a result kept from an older simulator as outdated', () => {
    expect(en).not.toContain('class="stale"');
    const [first, second, ...rest] = doc.simulations;
    const changed = { ...first, scenario: { ...first.scenario, steps: 77 } };
    const older = {
      ...second,
      result: null,
      resultScenario: null,
      ranAt: '',
      legacy: '{"result":{"totals":{"costTotal":4321}},"ranAt":"2026-01-02T03:04:05.000Z"}',
    };
    const d = { ...doc, simulations: [changed, older, ...rest] };
    for (const [lang, stale, outdated] of [
      ['en', 'Stale: the scenario was changed in 1 setting after this result was simulated.', 'Outdated result: saved by an earlier version'],
      ['zh-CN', '已过期：此结果模拟后，场景有 1 项设置被修改。', '结果已过期：由较早版本的模拟器保存'],
    ] as const) {
      const out = html(lang, d);
      expect(out).toContain(stale);
      expect(out).toContain(outdated);
      // The kept result's figures and when it ran are in the report, not dropped.
      expect(out).toContain('4321');
      expect(out).toMatch(/2026-01-02/);
    }
  });

  it('marks a decision whose scores or weights changed since it was recorded as stale, in both languages', () => {
    const decided = updateDecision(doc, { candidateId: doc.candidates[1].id, decidedAt: '2026-03-20' });
    expect(html('en', decided)).not.toContain('changed after this decision was recorded');
    const changed = setWeightPoints(decided, decided.criteria[0].id, decided.criteria[0].weight + 7);
    expect(html('en', changed)).toContain('Stale: the scores or weights changed after this decision was recorded.');
    expect(html('zh-CN', changed)).toContain('已过期：记录此决策后，评分或权重已发生变化。');
    expect(renderMarkdown(buildContent(changed, analyseWorkshop(changed), 'en'))).toContain(
      '> Stale: the scores or weights changed after this decision was recorded.',
    );
    expect(html('en', confirmDecision(changed))).not.toContain('changed after this decision was recorded');
  });
});

describe('HTML report: Monte Carlo error, the runner-up’s distance, AHP consensus', () => {
  const K = doc.criteria.length;
  for (const lang of ['en', 'zh-CN'] as const) {
    const words = ROBUSTNESS_WORDS[lang];
    const out = html(lang);
    const x = expectedRobustness(doc, lang);

    it(`${lang}: gives every first-rank acceptability with its standard error and says what ± means`, () => {
      const ranking = out.slice(out.indexOf('<table class="ranking">'));
      const table = ranking.slice(0, ranking.indexOf('</table>'));
      for (const row of x.firstRank) {
        // 10 000 samples: the error is about √(p(1 − p)/n), well under a percentage point.
        if (row.p > 0 && row.p < 1) expect(row.se).toBeGreaterThan(0);
        expect(row.se).toBeLessThan(0.01);
        expect(table).toContain(`<td class="num">${row.text}</td>`);
      }
      const acc = out.slice(out.indexOf('<table class="acceptability">'));
      for (const row of x.firstRank) expect(acc.slice(0, acc.indexOf('</table>'))).toContain(row.text);
      expect(out).toContain(words.error);
    });

    it(`${lang}: says what it takes for the runner-up to tie the winner, with the biggest weight move`, () => {
      expect(x.runnerUp.reversal.distance).not.toBeNull();
      const line = /<p class="runner-up">(.*?)<\/p>/.exec(out)?.[1] ?? '';
      for (const part of runnerUpParts(x, lang, escapeHtml)) expect(line).toContain(part);
    });

    it(`${lang}: AHP consensus is n/a with one judge, S* with two, and the judges whose judgments counted are counted`, () => {
      expect(out).not.toContain('class="ahp-consensus"');
      const one = html(lang, withAhpJudges(doc, [slopedPriorities(K, 0.5)]));
      expect(one).toContain(escapeHtml(words.na));
      expect(one).toContain(words.judges(1));
      const p = [slopedPriorities(K, 0.5), slopedPriorities(K, -0.05)];
      const two = html(lang, withAhpJudges(doc, p));
      const { sStar } = consensus(p, [doc.participants[0].influence, doc.participants[1].influence]);
      expect(sStar).toBeGreaterThan(0);
      expect(sStar).toBeLessThan(1);
      const line = /<p class="ahp-consensus">(.*?)<\/p>/.exec(two)?.[1] ?? '';
      expect(line).toContain(`S*${lang === 'en' ? ': ' : '：'}${Math.round(sStar * 100) / 100}`);
      expect(line).toContain(words.judges(2));
      expect(line).not.toContain(escapeHtml(words.na));
    });
  }
});
