import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reportStrings } from '../../shared/i18n/report';
import { leafNameOf, mostChangedCells, roundTrends, type WorkshopDoc } from '../../shared/model';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { printedText, squeeze } from '../../test/fixtures/printedPdf';
import { unzip } from '../../test/fixtures/unzip';
import { analyseWorkshop } from '../analysis/analysis';
import { dispatch } from '../service/dispatch';
import { findChromium } from '../service/pdf';
import { createInlineRunner } from '../service/tasks/runner';
import { buildContent, formatNumber, formatPercent } from './content';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';

/**
 * "How the room converged" in every format: the rounds with their disagreement and trend, and
 * each round's most moved cells with who moved them, from what to what, and why.
 */
const LANGS = ['en', 'zh-CN'] as const;

/** Influence-weighted population SD of a cell's scores by the given people, computed here from the document. */
function spreadOf(doc: WorkshopDoc, candidateId: string, criterionId: string): number {
  const xs = doc.scores
    .filter((s) => s.candidateId === candidateId && s.criterionId === criterionId && s.value !== null)
    .map((s) => ({ v: s.value!, w: doc.participants.find((p) => p.id === s.participantId)!.influence }))
    .filter((x) => x.w > 0);
  const sw = xs.reduce((a, x) => a + x.w, 0);
  const mean = xs.reduce((a, x) => a + x.w * x.v, 0) / sw;
  return Math.sqrt(xs.reduce((a, x) => a + x.w * (x.v - mean) ** 2, 0) / sw);
}

/** What each format must carry, as plain text. */
function expected(doc: WorkshopDoc, lang: (typeof LANGS)[number]) {
  const s = reportStrings(lang);
  const last = doc.rounds.at(-1)!;
  const trends = roundTrends(doc.rounds);
  const change = mostChangedCells(last)
    .flatMap((m) => m.changes)
    .find((c) => c.rationale)!;
  return {
    title: s.converged,
    rounds: doc.rounds.map((r) => s.roundNo(r.no)),
    disagreements: doc.rounds.map((r) => formatPercent(r.disagreement!, 1)),
    trends: trends.map((t) => s.roundTrend[t.trend]),
    fromTo: `${formatNumber(change.from!)} → ${formatNumber(change.to!)}`,
    rationale: change.rationale,
    person: doc.participants.find((p) => p.id === change.participantId)!.name,
    // A change of a dimension scored at its focus points: the focus point that moved it and its own rationale.
    ...leafOf(doc, last, lang),
  };
}

/** The first focus point change with a rationale among the last round's most moved cells: its name and rationale. */
function leafOf(doc: WorkshopDoc, last: WorkshopDoc['rounds'][number], lang: (typeof LANGS)[number]) {
  const c = mostChangedCells(last)
    .flatMap((m) => m.changes)
    .find((x) => x.leaves.some((l) => l.rationale))!;
  const l = c.leaves.find((x) => x.rationale)!;
  return { leaf: leafNameOf(doc, c.criterionId, l.leafId, lang), leafWhy: l.rationale };
}

describe('report: how the room converged', () => {
  const doc = fullWorkshop();

  it('the fixture’s last round’s disagreement is the mean spread share of the cells it asked, from the scores after it', () => {
    const last = doc.rounds.at(-1)!;
    const half = (doc.scale.max - doc.scale.min) / 2;
    const shares = last.cells.map((c) => Math.min(1, spreadOf(doc, c.candidateId, c.criterionId) / half));
    expect(last.disagreement).toBeCloseTo(shares.reduce((a, b) => a + b, 0) / shares.length, 10);
    expect(doc.rounds.length).toBeGreaterThanOrEqual(2);
    expect(last.changes.length).toBeGreaterThan(0);
  });

  for (const lang of LANGS) {
    it(`${lang}: HTML carries the rounds, their disagreement and trend, and the changes with rationales`, () => {
      const html = renderHtml(buildContent(doc, analyseWorkshop(doc), lang));
      const x = expected(doc, lang);
      const section = html.slice(html.indexOf('id="converged"'));
      expect(section.length).toBeLessThan(html.length);
      for (const t of [x.title, ...x.rounds, ...x.disagreements, ...x.trends, x.fromTo, x.rationale, x.person, x.leaf, x.leafWhy]) expect(section).toContain(t);
    });

    it(`${lang}: Markdown carries the same`, () => {
      const md = renderMarkdown(buildContent(doc, analyseWorkshop(doc), lang));
      const x = expected(doc, lang);
      const section = md.slice(md.indexOf(`## ${x.title}`));
      expect(section.length).toBeLessThan(md.length);
      const plain = section.replace(/\\(.)/g, '$1');
      for (const t of [...x.rounds, ...x.disagreements, ...x.trends, x.fromTo, x.rationale, x.person, x.leaf, x.leafWhy]) expect(plain).toContain(t);
    });

    it(`${lang}: the slide deck carries the same`, async () => {
      const out = await dispatch('report.render', { workshop: doc, format: 'pptx', lang }, { host: 'test', tasks: createInlineRunner(), checkResponse: true });
      if (!out.ok) throw new Error(JSON.stringify(out));
      const files = unzip(Buffer.from((out.result as { content: string }).content, 'base64'));
      const text = [...files]
        .filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
        .map(([, xml]) => xml)
        .join('\n')
        .replace(/&gt;/g, '>')
        .replace(/&lt;/g, '<')
        .replace(/&amp;/g, '&');
      const x = expected(doc, lang);
      for (const t of [x.title, ...x.rounds, ...x.disagreements, ...x.trends, x.fromTo, x.rationale, x.person, x.leaf, x.leafWhy]) expect(text).toContain(t);
    });
  }

  const chromium = findChromium();
  it('PDF (through a local Chromium) carries the same in both languages', async () => {
    expect(chromium, 'a Chromium is needed to print the PDF (set CHROMIUM_PATH)').toBeTruthy();
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-pdf-converged-'));
    for (const lang of LANGS) {
      const text = await printedText(doc, lang, dir);
      const x = expected(doc, lang);
      for (const t of [x.title, ...x.rounds, ...x.disagreements, x.fromTo, x.person]) expect(text).toContain(squeeze(t));
    }
  }, 180_000);
});
