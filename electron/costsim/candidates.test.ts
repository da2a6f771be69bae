import { describe, expect, it } from 'vitest';
import { SimScenarioSchema } from '../../shared/cost/schema';
import { createSampleWorkshop } from '../../shared/model/template';
import { seedScenario } from '../../shared/model/simulation';
import { estimateScenario } from './analytic';

const NOW = '2026-01-01T00:00:00.000Z';

describe('each candidate’s own scenario (the comparison shows what really differs)', () => {
  for (const lang of ['en', 'zh-CN'] as const) {
    it(`gives the sample workshop’s candidates different step times (${lang})`, () => {
      const doc = createSampleWorkshop(lang, NOW, 'w1');
      const figures = doc.candidates.map((c) => {
        const r = estimateScenario(SimScenarioSchema.parse(seedScenario(c, doc.needs.answers).scenario));
        return { kind: c.kind, step: r.step.meanSeconds };
      });
      expect(new Set(figures.map((f) => f.kind)).size).toBe(figures.length);
      // Pairwise at least 5 % apart in step time (async self-built, colocated managed, separate-pool hybrid).
      for (let i = 0; i < figures.length; i++)
        for (let j = i + 1; j < figures.length; j++) expect(Math.abs(figures[i].step / figures[j].step - 1)).toBeGreaterThan(0.05);
    });
  }
});
