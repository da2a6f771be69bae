import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { proposals } from '../../shared/model';
import { SimScenarioSchema } from '../../shared/cost/schema';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import { reportStrings, type ReportStrings } from '../../shared/i18n/report';

/** The report's own words of one language, as flat strings (functions called with a placeholder). */
function words(s: ReportStrings): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (typeof v === 'function') out.push(String((v as (...a: unknown[]) => unknown)('X', 1, 2)));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(s);
  return out;
}

describe('reports speak one language and show no internals', () => {
  for (const lang of ['en', 'zh-CN'] as const) {
    it(`${lang}: HTML and Markdown carry no chrome of the other language, no rule ids, no raw seconds`, () => {
      const doc = fullWorkshop({ lang });
      const content = buildContent(doc, analyseWorkshop(doc), lang);
      const own = new Set(words(reportStrings(lang)));
      const other = words(reportStrings(lang === 'en' ? 'zh-CN' : 'en')).filter((w) => w.length > 5 && !own.has(w) && !/X/.test(w));
      const ruleIds = proposals(doc).map((p) => p.rule.id);
      expect(ruleIds.length).toBeGreaterThan(0);
      const html = renderHtml(content);
      // User-typed text is isolated in <bdi> (the fixture types English in both languages): the rest is the report's own.
      const chrome = html
        .replace(/<head>[\s\S]*?<\/head>/, '')
        .replace(/<bdi>[\s\S]*?<\/bdi>/g, '')
        .replace(/<[^>]*>/g, ' ');
      for (const w of other)
        expect(chrome.includes(w), `${lang} html contains "${w}": …${chrome.slice(chrome.indexOf(w) - 120, chrome.indexOf(w) + 40)}…`).toBe(false);
      if (lang === 'en') expect(chrome.match(/[\u4e00-\u9fff]+/g) ?? []).toEqual([]);
      for (const [format, text] of [
        ['html', html],
        ['md', renderMarkdown(content)],
      ] as const) {
        for (const id of ruleIds) expect(new RegExp(`(?<![\\w\\s-])${id}(?![\\w-])`).test(text), `${lang} ${format} shows the rule id ${id}`).toBe(false);
        expect(text).not.toMatch(/\d{4,}(\.\d+)? s\b/);
      }
    });
  }

  for (const lang of ['en', 'zh-CN'] as const) {
    it(`${lang}: a simulation's scenario is listed by field names and option names, not by its keys`, () => {
      const base = fullWorkshop({ lang });
      // A scenario with every field the simulator has (what the simulator screen stores).
      const full = SimScenarioSchema.parse({ ...(base.simulations[0].scenario as object), cost: { archetype: 'managed' } });
      const doc = { ...base, simulations: base.simulations.map((sim, i) => (i === 0 ? { ...sim, scenario: full } : sim)) };
      const content = buildContent(doc, analyseWorkshop(doc), lang);
      const rows = content.simulations.flatMap((sim) => sim.scenario);
      expect(rows.length).toBeGreaterThan(10);
      for (const [label, value] of rows) {
        expect(label, `${lang}: raw scenario key`).not.toMatch(/^[a-z][A-Za-z]*(\.[a-zA-Z]+)+$|^[a-z]+[A-Z][A-Za-z]*$/);
        expect(value, `${lang}: ${label} shows a raw option`).not.toMatch(
          /^(self-built|managed|hybrid|truncate|summarize|sync|async|on-demand|reserved|spot|recompute|swap|free|keep|true|false)$/,
        );
      }
      for (const text of [renderHtml(content), renderMarkdown(content)]) {
        expect(text).not.toContain('cost.archetype');
        expect(text).not.toContain('rollout.turns.median');
      }
      if (lang === 'zh-CN') expect(rows.map(([l]) => l).join(' ')).toMatch(/轮数/);
    });
  }

  for (const lang of ['en', 'zh-CN'] as const) {
    it(`${lang}: a simulation's scenario values carry their units (s, tokens, GPUs, USD per GPU-hour)`, () => {
      const base = fullWorkshop({ lang });
      const scenario = SimScenarioSchema.parse({
        ...(base.simulations[0].scenario as object),
        rollout: { turns: { median: 8, p99: 20, max: 30 }, toolLatencySeconds: { median: 2.5, p99: 9, max: 30 }, promptTokens: 1500 },
        cluster: { gpus: 16 },
        cost: { gpuHourPrice: 2.5, platformFeePercent: 12 },
      });
      const doc = { ...base, simulations: base.simulations.map((sim, i) => (i === 0 ? { ...sim, scenario } : sim)) };
      const content = buildContent(doc, analyseWorkshop(doc), lang);
      const rows = new Map(content.simulations[0].scenario);
      const want =
        lang === 'en'
          ? {
              'Turns per rollout — median': '8 turns',
              'Tool call latency — median': '2.5 s',
              'Prompt tokens': '1500 tokens',
              'GPUs in the run': '16 GPUs',
              'Cloud price per GPU-hour': '2.5 USD per GPU-hour',
              'Managed platform fee': '12%',
            }
          : {
              '每个 rollout 的轮数 — 中位数': '8 轮',
              '工具调用延迟 — 中位数': '2.5 秒',
              '提示 token 数': '1500 token',
              '本次运行的 GPU 数': '16 卡',
              '云上每 GPU 小时价格': '2.5 美元/GPU·小时',
              托管平台服务费: '12%',
            };
      for (const [label, value] of Object.entries(want)) expect(rows.get(label), label).toBe(value);
      // The HTML report's scenario table (the Markdown decision record has no scenario table).
      const html = renderHtml(content);
      for (const v of Object.values(want)) expect(html).toContain(v);
    });
  }
});

describe('numbers in the needs summary are humanised', () => {
  const base = fullWorkshop({ lang: 'zh-CN' });
  const withBudget = (budgetCurrency: 'CNY' | 'USD') => ({
    ...base,
    needs: { ...base.needs, answers: { ...base.needs.answers, budget: 300000, budgetCurrency } },
  });
  const answers = (doc: typeof base, lang: 'en' | 'zh-CN') => buildContent(doc, analyseWorkshop(doc), lang).needs.groups.flatMap((g) => g.rows);
  const budget = (doc: typeof base, lang: 'en' | 'zh-CN') =>
    answers(doc, lang).find((r) => r.question === (lang === 'en' ? 'Training compute budget (per month)' : '训练算力预算（每月）'))?.answer;

  it('the monthly budget is money in the currency the needs name, in the reader’s language', () => {
    expect(budget(withBudget('CNY'), 'zh-CN')).toBe('¥300,000 每月');
    expect(budget(withBudget('CNY'), 'en')).toBe('CN¥300,000 per month');
    expect(budget(withBudget('USD'), 'en')).toBe('$300,000 per month');
  });

  it('other numbers are grouped (no raw 300000)', () => {
    for (const lang of ['en', 'zh-CN'] as const) for (const r of answers(withBudget('CNY'), lang)) expect(r.answer).not.toMatch(/\d{4,}/);
  });
});
