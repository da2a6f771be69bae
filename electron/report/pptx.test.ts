import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatMoney } from '../../shared/format';
import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { displayName } from '../../shared/model/names';
import { dispatch } from '../service/dispatch';
import { createInlineRunner } from '../service/tasks/runner';
import { reportStrings } from '../../shared/i18n/report';
import { consensus } from '../engine/ahp';
import { ROBUSTNESS_WORDS, expectedRobustness, runnerUpParts, slopedPriorities, withAhpJudges } from '../../test/fixtures/reportFigures';
import { unzip } from '../../test/fixtures/unzip';

// LibreOffice is needed: without it the test fails (never skips), so a CI without it is seen, not passed.
const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));

async function deck(lang: 'en' | 'zh-CN') {
  const doc = fullWorkshop({ lang });
  const out = await dispatch('report.render', { workshop: doc, format: 'pptx', lang }, { host: 'test', tasks: createInlineRunner(), checkResponse: true });
  if (!out.ok) throw new Error(JSON.stringify(out));
  const res = out.result as { filename: string; mime: string; content: string; encoding: string };
  return { doc, res, bytes: Buffer.from(res.content, 'base64') };
}

describe('slide deck (pptx), opened by LibreOffice', () => {
  it('renders the outcome in both languages as decks that LibreOffice converts without repair, every section on its slide, in one language', async () => {
    expect(soffice, 'LibreOffice is needed to convert the deck (apt-get install libreoffice-impress poppler-utils fonts-noto-cjk)').toBeDefined();
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-pptx-'));
    const decks = { en: await deck('en'), 'zh-CN': await deck('zh-CN') };
    for (const [lang, d] of Object.entries(decks)) {
      expect(d.res).toMatchObject({ mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', encoding: 'base64' });
      expect(d.res.filename).toMatch(/\.slides\.pptx$/);
      expect(d.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      writeFileSync(path.join(dir, `deck-${lang}.pptx`), d.bytes);
    }
    // One LibreOffice run converts both (its start-up is the slow part), with a profile of its own.
    const r = spawnSync(
      soffice!,
      [
        `-env:UserInstallation=file://${dir}/profile`,
        '--headless',
        '--convert-to',
        'pdf',
        '--outdir',
        dir,
        path.join(dir, 'deck-en.pptx'),
        path.join(dir, 'deck-zh-CN.pptx'),
      ],
      { encoding: 'utf8', timeout: 120_000 },
    );
    expect(r.status, r.stderr).toBe(0);
    // For a person to look at: the slides as PNG (see the test output folder).
    if (process.env.DECK_PNG) spawnSync('pdftoppm', ['-png', '-r', '50', path.join(dir, 'deck-zh-CN.pdf'), path.join(process.env.DECK_PNG, 'zh')]);
    if (process.env.DECK_PNG) spawnSync('pdftoppm', ['-png', '-r', '50', path.join(dir, 'deck-en.pdf'), path.join(process.env.DECK_PNG, 'en')]);
    for (const [lang, d] of Object.entries(decks) as Array<['en' | 'zh-CN', (typeof decks)['en']]>) {
      const pdf = path.join(dir, `deck-${lang}.pdf`);
      expect(existsSync(pdf), `LibreOffice did not convert the ${lang} deck: ${r.stdout} ${r.stderr}`).toBe(true);
      const info = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' }).stdout;
      const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
      expect(pages).toBeGreaterThanOrEqual(10);
      const text = spawnSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' }).stdout;
      const s = reportStrings(lang);
      const squeeze = (t: string) => t.replace(/\s+/g, '');
      const pageTexts = text.split('\f').map(squeeze);
      // Each section is on a slide of its own, under its heading.
      for (const heading of [
        s.needs,
        s.candidates,
        s.criteriaWeights,
        s.ranking,
        s.radar,
        s.stability,
        s.acceptability,
        s.evidence.title,
        s.deckCost,
        s.deckNextSteps,
      ])
        expect(
          pageTexts.some((p) => p.includes(squeeze(heading))),
          `${lang}: no slide titled "${heading}"`,
        ).toBe(true);
      expect(squeeze(text)).toContain(squeeze(s.robustness));
      // The candidates by name, the decision and the cost figures with their currency and humanised durations.
      d.doc.candidates.forEach((c, i) => expect(squeeze(text)).toContain(squeeze(displayName(c, lang, 'candidate', i)).slice(0, 10)));
      expect(text).toMatch(/\$\d/);
      expect(text).not.toMatch(/\d{4,} s\b/);
      const other = reportStrings(lang === 'en' ? 'zh-CN' : 'en');
      // No chrome of the other language.
      for (const word of [other.ranking, other.robustness, other.deckCost, other.deckNextSteps, other.candidates])
        expect(squeeze(text)).not.toContain(squeeze(word));
      if (lang === 'en') expect(text.match(/[\u4e00-\u9fff]/g) ?? []).toEqual([]);
    }
  }, 150_000);
});

describe('slide deck money', () => {
  it('prints a yuan workshop’s cost slide in yuan at its exchange rate', async () => {
    const base = fullWorkshop({ lang: 'zh-CN' });
    const doc = { ...base, currency: { code: 'CNY' as const, cnyPerUsd: 7.25 } };
    const out = await dispatch(
      'report.render',
      { workshop: doc, format: 'pptx', lang: 'zh-CN' },
      { host: 'test', tasks: createInlineRunner(), checkResponse: true },
    );
    if (!out.ok) throw new Error(JSON.stringify(out));
    const files = unzip(Buffer.from((out.result as { content: string }).content, 'base64'));
    const s = reportStrings('zh-CN');
    const slides = [...files].filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).map(([, xml]) => xml);
    const cost = slides.find((xml) => xml.includes(`>${s.deckCost}<`));
    expect(cost, 'the cost slide').toBeDefined();
    const result = doc.simulations.find((x) => x.result)!.result as { totals: { costTotal: number } };
    expect(cost).toContain(formatMoney(result.totals.costTotal * 7.25, 'CNY', 'zh-CN'));
    expect(cost).toContain(s.rateNote(`${formatMoney(1, 'USD', 'zh-CN')} = ${formatMoney(7.25, 'CNY', 'zh-CN')}`));
    expect(cost).not.toContain(formatMoney(result.totals.costTotal, 'USD', 'zh-CN'));
    // The chart's title and axis: yuan.
    const charts = [...files].filter(([name]) => /^ppt\/charts\/chart\d+\.xml$/.test(name)).map(([, xml]) => xml);
    const chart = charts.find((xml) => xml.includes(`${s.costTotal} (CNY)`));
    expect(chart, 'the cost chart titled in CNY').toBeDefined();
    expect(chart).toContain('&quot;¥&quot;#,##0');
  });
});

describe('slide deck: Monte Carlo error, the runner-up’s distance, AHP consensus (slide XML)', () => {
  const base = fullWorkshop();
  const K = base.criteria.length;
  const slidesOf = async (doc: typeof base, lang: 'en' | 'zh-CN') => {
    const out = await dispatch('report.render', { workshop: doc, format: 'pptx', lang }, { host: 'test', tasks: createInlineRunner(), checkResponse: true });
    if (!out.ok) throw new Error(JSON.stringify(out));
    const files = unzip(Buffer.from((out.result as { content: string }).content, 'base64'));
    return [...files].filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).map(([, xml]) => xml);
  };
  const xml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const lang of ['en', 'zh-CN'] as const) {
    const words = ROBUSTNESS_WORDS[lang];
    it(`${lang}: acceptabilities ± their standard errors, the runner-up’s distance and the AHP consensus are on their slides`, async () => {
      const s = reportStrings(lang);
      const p = [slopedPriorities(K, 0.5), slopedPriorities(K, -0.05)];
      const doc = withAhpJudges(base, p);
      const x = expectedRobustness(doc, lang);
      const slides = await slidesOf(doc, lang);
      const titled = (title: string) => slides.find((sl) => sl.includes(`>${xml(title)}<`)) ?? '';
      const ranking = titled(s.ranking);
      const acceptability = titled(s.acceptability);
      for (const row of x.firstRank) {
        expect(ranking).toContain(`>${row.text}<`);
        expect(acceptability).toContain(`${xml(row.name)} ${row.text}`);
      }
      expect(ranking).toContain(words.error);
      expect(acceptability).toContain(words.error);
      const parts = runnerUpParts(x, lang, xml);
      const robust = slides.find((sl) => sl.includes(parts[0])) ?? '';
      expect(robust).toContain(`>${xml(s.robustness)}: `);
      for (const part of parts) expect(robust).toContain(part);
      const weights = titled(s.criteriaWeights);
      const { sStar } = consensus(p, [doc.participants[0].influence, doc.participants[1].influence]);
      expect(weights).toContain(`S*${lang === 'en' ? ': ' : '：'}${Math.round(sStar * 100) / 100}`);
      expect(weights).toContain(words.judges(2));
      const one = await slidesOf(withAhpJudges(base, [p[0]]), lang);
      const oneWeights = one.find((sl) => sl.includes(`>${xml(s.criteriaWeights)}<`)) ?? '';
      expect(oneWeights).toContain(xml(words.na));
      expect(oneWeights).toContain(words.judges(1));
    });
  }
});
