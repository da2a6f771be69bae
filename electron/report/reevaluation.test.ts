import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import {
  ASSUMPTION_LABELS,
  candidateName,
  confirmAfterReevaluation,
  createSampleWorkshop,
  importCanary,
  monthlyBudget,
  reevaluate,
  saveReevaluation,
  updateDecision,
  whatItTakes,
  type MetricSeries,
  type WorkshopDoc,
} from '../../shared/model';
import { reportStrings } from '../../shared/i18n/report';
import { CATALOGUE } from '../../shared/i18n';
import { analyseWorkshop } from '../analysis/analysis';
import { sensitivity } from '../engine/sensitivity';
import { findChromium } from '../service/pdf';
import { buildContent } from './content';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import { renderPptx } from './pptx';
import { printedText, squeeze } from '../../test/fixtures/printedPdf';

type Lang = 'en' | 'zh-CN';
const NOW = '2026-03-01T09:00:00.000Z';
const KEPT = '2026-03-08T10:00:00.000Z';
const series = (candidateId: string, metric: MetricSeries['metric'], ys: number[]): MetricSeries => ({
  candidateId,
  metric,
  bucket: '',
  points: ys.map((y, i) => [i + 1, y]),
});

/** The sample decided for `candidateId` (the managed platform unless said), with a canary at `costShare` × the monthly budget; nothing kept yet. */
function decided(lang: Lang, costShare: number, candidateId = 'managed'): WorkshopDoc {
  const doc = updateDecision(createSampleWorkshop(lang, NOW, 'w'), { candidateId }, NOW);
  const budget = monthlyBudget(doc)!;
  const canary = [series(candidateId, 'iteration-speed', [60, 62]), series(candidateId, 'monthly-cost', [costShare * budget])];
  return importCanary(doc, canary, { file: 'c.csv', importedAt: NOW, rows: 2 });
}

/**
 * What the report should say of the re-evaluation, computed the way the board computes it on
 * screen (reevaluate, the engine's sensitivity, whatItTakes) and worded with the screen's templates.
 */
function expected(doc: WorkshopDoc, lang: Lang) {
  const r = reevaluate(doc)!;
  const L = ASSUMPTION_LABELS[lang];
  const W = CATALOGUE[lang].wizard.wizard.review;
  const n = (x: number) => new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(x);
  const name = (i: number) => candidateName(doc, doc.candidates[i].id, lang);
  const fill = (t: string, v: Record<string, string | number>) => t.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(v[k]));
  const answer = sensitivity(r.sensitivity!.values, r.sensitivity!.weights);
  const result = fill(r.stillWins ? L.stillWins : L.noLongerWins, { candidate: name(r.decided), margin: n(Math.abs(r.margin!) * 100) });
  const takes: string[] = [];
  const w = r.stillWins ? null : whatItTakes(answer, r.decided);
  if (w)
    takes.push(
      fill(w.behind > 1 ? W.regainFar : W.regain, { name: name(r.decided), leader: name(w.above), rank: w.behind + 1, distance: n(w.distance! * 100) }),
    );
  if (answer.smallestChange)
    takes.push(fill(W.smallestChange, { distance: n(answer.smallestChange.distance * 100), name: name(answer.smallestChange.winner) }));
  return { r, stillWins: r.stillWins, result, takes };
}

/** The text a reader sees in each format: HTML without tags, Markdown unescaped, every slide's text runs, the PDF through pdftotext. */
const entities = (t: string) =>
  t
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const htmlText = (html: string) => squeeze(entities(html.replace(/<[^>]+>/g, '')));
const markdownText = (md: string) => squeeze(md.replace(/\\(.)/g, '$1'));
async function deckText(bytes: Uint8Array): Promise<string> {
  const zip = await JSZip.loadAsync(bytes);
  const slides = Object.keys(zip.files).filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f));
  const xml = await Promise.all(slides.map((f) => zip.file(f)!.async('string')));
  return squeeze(entities(xml.map((x) => [...x.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => m[1]).join('')).join('\n')));
}

async function formats(doc: WorkshopDoc, lang: Lang): Promise<Record<'html' | 'markdown' | 'pptx', string>> {
  const r = buildContent(doc, analyseWorkshop(doc), lang);
  return { html: htmlText(renderHtml(r)), markdown: markdownText(renderMarkdown(r)), pptx: await deckText(await renderPptx(r)) };
}

describe('report: the re-evaluation in decision health', () => {
  for (const lang of ['en', 'zh-CN'] as const) {
    const R = reportStrings(lang).reevaluation;
    const name = `Canary ${lang} <evidence>`;

    it(`${lang}: a kept re-evaluation that loses the decision: its what-if, the margin, what it would take, no outcome yet — in HTML, Markdown and the deck`, async () => {
      const doc = decided(lang, 1.9);
      const x = expected(doc, lang);
      expect(x.stillWins).toBe(false);
      expect(x.takes).toHaveLength(2);
      const kept = saveReevaluation(doc, x.r, { name, at: KEPT });
      for (const [format, text] of Object.entries(await formats(kept, lang))) {
        for (const line of [R.reevaluated, R.whatIfText(name, '2026-03-08'), x.result, ...x.takes, R.open])
          expect(text, `${format}: ${line}`).toContain(squeeze(line));
      }
    });

    it(`${lang}: the outcome — the old decision confirmed with its note, or a new decision recorded`, async () => {
      const doc = decided(lang, 1.9);
      const x = expected(doc, lang);
      const note = lang === 'en' ? 'Kept: the canary ran on cold caches.' : '维持：灰度期间缓存未预热。';
      const confirmed = confirmAfterReevaluation(doc, x.r, { name, at: KEPT, date: '2026-03-08', observation: note });
      for (const [format, text] of Object.entries(await formats(confirmed, lang))) {
        expect(text, format).toContain(squeeze(R.confirmed('2026-03-08', note)));
        expect(text, format).not.toContain(squeeze(R.open));
      }
      const kept = saveReevaluation(doc, x.r, { name, at: KEPT });
      const redecided = updateDecision(kept, { candidateId: 'hybrid' }, '2026-03-09T08:00:00.000Z');
      const hybrid = candidateName(redecided, 'hybrid', lang);
      for (const [format, text] of Object.entries(await formats(redecided, lang))) {
        expect(text, format).toContain(squeeze(R.newDecision(hybrid, '2026-03-09')));
        // Still the re-evaluation of the decision it was made on (managed), with its result.
        expect(text, format).toContain(squeeze(x.result));
      }
    });

    it(`${lang}: one that keeps the decision first says so and the smallest change that would change the winner`, async () => {
      // The sample ranks the hybrid first; its canary within budget keeps it there.
      const doc = decided(lang, 0.9, 'hybrid');
      const x = expected(doc, lang);
      expect(x.stillWins).toBe(true);
      expect(x.takes).toHaveLength(1);
      const kept = saveReevaluation(doc, x.r, { name, at: KEPT });
      for (const [format, text] of Object.entries(await formats(kept, lang))) {
        for (const line of [x.result, ...x.takes]) expect(text, `${format}: ${line}`).toContain(squeeze(line));
      }
    });

    it(`${lang}: without a re-evaluation kept, no format shows one`, async () => {
      const doc = decided(lang, 1.9);
      for (const [format, text] of Object.entries(await formats(doc, lang))) {
        expect(text, format).toContain(squeeze(ASSUMPTION_LABELS[lang].title));
        for (const line of [R.reevaluated, R.whatIf, R.outcome]) expect(text, `${format}: ${line}`).not.toContain(squeeze(line));
      }
    });
  }
});

const executable = findChromium();
describe.skipIf(!executable)(
  executable ? 'the re-evaluation in the PDF' : 'the re-evaluation in the PDF — SKIPPED: no Chromium or Chrome found (set CHROMIUM_PATH)',
  () => {
    it('is printed in both languages (the PDF is the HTML printed)', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'sw-pdf-reeval-'));
      for (const lang of ['en', 'zh-CN'] as const) {
        const R = reportStrings(lang).reevaluation;
        const doc = decided(lang, 1.9);
        const x = expected(doc, lang);
        const kept = saveReevaluation(doc, x.r, { name: 'Canary', at: KEPT });
        const text = await printedText(kept, lang, dir);
        // pdftotext reads the record's two columns apart, so each line is looked for on its own.
        for (const line of [R.reevaluated, R.whatIf, '“Canary”', '2026-03-08', x.result, ...x.takes, R.open]) expect(text, line).toContain(squeeze(line));
      }
    }, 180_000);
  },
);
