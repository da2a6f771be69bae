import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/format';
import { candidateName, costEvidence, fromUsd, outsideRegionText } from '../../shared/model';
import { unzip } from '../../test/fixtures/unzip';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent, evidenceEstimate } from './content';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import { renderPptx } from './pptx';
import { reportStrings } from '../../shared/i18n/report';

/** The cells of the HTML report's cost evidence table, row by row (tags stripped, entities read back). */
function evidenceCells(html: string): string[][] {
  const start = html.indexOf('<table class="cost-evidence">');
  expect(start).toBeGreaterThan(0);
  const body = html.slice(start, html.indexOf('</table>', start));
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, '')
      .replace(/&#39;/g, '’')
      .replace(/&amp;/g, '&')
      .trim();
  return [...body.slice(body.indexOf('<tbody>')).matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...row[1].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => text(c[1])),
  );
}

describe('report: the cost evidence of step 5', () => {
  // The fixture's needs answers as they are, and with a 7 B model that the estimate takes.
  const variants = [
    { lang: 'en' as const, small: false },
    { lang: 'zh-CN' as const, small: false },
    { lang: 'en' as const, small: true },
  ];
  for (const { lang, small } of variants) {
    it(`prints costEvidence()'s choice per candidate in the cost section (${lang}${small ? ', 7 B' : ''}): the pilot's projection with its band and stale mark, else the uncalibrated estimate`, () => {
      const base = fullWorkshop({ lang });
      const doc = small ? { ...base, needs: { ...base.needs, answers: { ...base.needs.answers, modelSizeB: 7 } } } : base;
      const s = reportStrings(lang).evidence;
      const html = renderHtml(buildContent(doc, analyseWorkshop(doc), lang));
      const cost = html.slice(html.indexOf('<section id="cost"'));
      expect(cost.indexOf('<table class="cost-evidence">')).toBeGreaterThan(0);
      const cells = evidenceCells(html);
      // The same choice as the screen makes, with the estimate the screen asks sim.estimate for.
      const evidence = costEvidence(doc, (id) => evidenceEstimate(doc, id));
      expect(cells).toHaveLength(doc.candidates.length);
      const money = (v: number) => formatMoney(v, doc.currency.code, lang);
      evidence.forEach((e, i) => {
        const row = cells[i];
        expect(row[0]).toBe(candidateName(doc, e.candidateId, lang));
        if (e.source === 'calibrated') {
          // The fixture's calibration (its fingerprint is not the document's request): stale, with its band.
          expect(row[1]).toContain(s.stale);
          const p = doc.metrics.calibrations[0].result.projection.costUsd;
          expect(row[5]).toBe(s.band(money(fromUsd(p.mid, doc.currency)), money(fromUsd(p.p10, doc.currency)), money(fromUsd(p.p90, doc.currency))));
        } else if (e.source === 'estimate') {
          expect(row[1]).toBe(s.estimate);
          expect(row[5]).toBe(money(e.cost!.mid));
        } else {
          // The simulator refuses the run (e.g. a model no tensor-parallel degree of the run holds).
          expect(row[1]).toBe(s.invalid);
          expect(row[5]).toBe('—');
        }
        expect(row[6]).toBe(e.budget?.budgetForRun != null ? money(e.budget.budgetForRun) : '—');
      });
      expect(evidence[0].source).toBe('calibrated');
      // The fixture's large model runs on the tensor-parallel degree that holds it (targetScenario), so it has an estimate too.
      expect(evidence.slice(1).map((e) => e.source)).toEqual(doc.candidates.slice(1).map(() => 'estimate'));
    });
  }
});

describe('report: an estimate outside the region it was validated on says so, as step 5 does', () => {
  // A 100 B model is beyond the 1.5–70 B grid the estimate was validated on (outsideGrid).
  for (const lang of ['en', 'zh-CN'] as const) {
    it(`${lang}: the cost evidence marks the uncalibrated estimate and gives its reasons in HTML (and so the PDF) and the slide deck`, async () => {
      const base = fullWorkshop({ lang });
      const doc = { ...base, needs: { ...base.needs, answers: { ...base.needs.answers, modelSizeB: 100 } } };
      const s = reportStrings(lang).evidence;
      const evidence = costEvidence(doc, (id) => evidenceEstimate(doc, id));
      const outside = evidence.filter((e) => e.outsideRegion);
      expect(outside.length).toBeGreaterThan(0);
      for (const e of outside) expect(e.source).toBe('estimate');
      expect(outside[0].outsideRegion).toContain('outsideGrid');
      // The calibrated candidate's projection is not the estimate: no flag.
      expect(evidence.find((e) => e.source === 'calibrated')?.outsideRegion ?? null).toBeNull();
      const notes = outside.map((e) => outsideRegionText(s, candidateName(doc, e.candidateId, lang), e.outsideRegion!));
      expect(notes[0]).toContain(s.region.outsideGrid);
      expect(notes[0]).not.toMatch(/\{\{/);

      const content = buildContent(doc, analyseWorkshop(doc), lang);
      const html = renderHtml(content);
      const cells = evidenceCells(html);
      evidence.forEach((e, i) => expect(cells[i][1].includes(s.outsideTag)).toBe(e.outsideRegion !== null));
      const plain = html
        .slice(html.indexOf('<section id="cost"'))
        .replace(/<[^>]+>/g, '')
        .replace(/&#39;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      for (const n of notes) expect(plain).toContain(n);
      // The Markdown decision record leaves the cost section to the full report (OUTLINED_SECTIONS):
      // it prints no cost figure, so none goes unflagged.
      expect(renderMarkdown(content)).not.toContain(s.title);
      const slides = [...unzip(Buffer.from(await renderPptx(content)))].filter(([name]) => /^ppt\/slides\/slide\d+\.xml$/.test(name)).map(([, xml]) => xml);
      const deck = slides.find((xml) => xml.includes(`>${s.title}<`));
      expect(deck, 'the cost evidence slide').toBeDefined();
      expect(deck).toContain(s.outsideTag);
      expect(deck).toContain(s.region.outsideGrid);
    });
  }

  it('flags nothing when every estimate lies inside the region', () => {
    const doc = fullWorkshop({ lang: 'en' });
    const evidence = costEvidence(doc, (id) => evidenceEstimate(doc, id));
    expect(evidence.some((e) => e.source === 'estimate')).toBe(true);
    expect(evidence.every((e) => e.outsideRegion === null)).toBe(true);
    const html = renderHtml(buildContent(doc, analyseWorkshop(doc), 'en'));
    expect(html).not.toContain(reportStrings('en').evidence.outsideTag);
  });
});
