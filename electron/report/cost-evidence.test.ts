import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/format';
import { candidateName, costEvidence, fromUsd } from '../../shared/model';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent, evidenceEstimate } from './content';
import { renderHtml } from './html';
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
