import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { pick } from '../../shared/framework';
import { reportStrings } from '../../shared/i18n/report';
import { displayName, type WorkshopDoc } from '../../shared/model';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { BOM, renderCsv } from './csv';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';

/**
 * A dimension scored at its focus points keeps its own dimension scores (with their rationales)
 * but does not use them: the exports must not show them as if they counted. The rationale list
 * leaves them out (saying so), and the CSV's long-form scores list the focus point scores instead.
 */
const LANGS = ['en', 'zh-CN'] as const;
const UNUSED = 'UNUSED-dimension-rationale';

function workshop(scoreAt: 'leaves' | 'dimension', lang: 'en' | 'zh-CN' = 'en'): WorkshopDoc {
  const base = fullWorkshop({ lang });
  const node = base.hierarchy[0];
  const [p0, p1] = base.participants;
  const [c0, c1] = base.candidates;
  const leaf = (participantId: string, candidateId: string, j: number, value: number | null) => ({
    participantId,
    candidateId,
    criterionId: node.criterionId,
    leafId: node.leaves[j].id,
    value,
  });
  return {
    ...base,
    hierarchy: base.hierarchy.map((n, i) => (i === 0 ? { ...n, scoreAt } : n)),
    // Every dimension score of the expanded dimension carries a rationale of its own (kept, unused when scored at the leaves).
    scores: base.scores.map((s) => (s.criterionId === node.criterionId ? { ...s, rationale: `${UNUSED} ${s.participantId}/${s.candidateId}` } : s)),
    leafScores: [leaf(p0.id, c0.id, 0, 8), leaf(p0.id, c0.id, 1, 4), leaf(p1.id, c1.id, 0, 6), leaf(p1.id, c1.id, 1, null)],
  };
}

const parse = (text: string) => Papa.parse<string[]>(text.slice(BOM.length), { skipEmptyLines: true }).data;

describe('exports of a dimension scored at its focus points', () => {
  for (const lang of LANGS) {
    const doc = workshop('leaves', lang);
    const node = doc.hierarchy[0];
    const k = doc.criteria.findIndex((c) => c.id === node.criterionId);
    const dimension = displayName(doc.criteria[k], lang, 'criterion', k);
    const s = reportStrings(lang);
    const content = buildContent(doc, analyseWorkshop(doc), lang);

    it(`${lang}: the rationale list leaves out the unused dimension scores and keeps every other rationale`, () => {
      expect(content.rationales.some((x) => x.criterion === dimension)).toBe(false);
      expect(content.rationales.some((x) => x.text.includes(UNUSED))).toBe(false);
      const others = doc.scores.filter((x) => x.criterionId !== node.criterionId && x.rationale.trim() !== '');
      expect(others.length).toBeGreaterThan(0);
      expect(content.rationales).toHaveLength(others.length);
    });

    // The Markdown record and the slide deck leave the rationales to the full report (sections.ts OUTLINED_SECTIONS).
    it(`${lang}: the HTML says why the dimension's rationales are not listed; neither it nor the Markdown has an unused one`, () => {
      const note = s.rationalesLeafScored(dimension);
      const html = renderHtml(content);
      expect(html).not.toContain(UNUSED);
      const section = html.slice(html.indexOf('id="rationales"'));
      expect(html.indexOf('id="rationales"')).toBeGreaterThan(0);
      expect(section).toContain(note);
      const md = renderMarkdown(content).replace(/\\(.)/g, '$1');
      expect(md).not.toContain(UNUSED);
    });

    it(`${lang}: the CSV lists the focus point scores, each naming its focus point, and not the unused dimension scores`, () => {
      const rows = parse(renderCsv(content, 'scores'));
      expect(rows[0]).toEqual(['participant', 'candidate', 'criterion', 'score', 'rationale', 'focus_point']);
      const body = rows.slice(1);
      // Every row has the same six columns; the dimension-scored criteria name no focus point.
      expect(body.every((r) => r.length === 6)).toBe(true);
      const ofDimension = body.filter((r) => r[2] === dimension);
      expect(ofDimension.every((r) => r[5] !== '')).toBe(true);
      expect(body.some((r) => r[4].includes(UNUSED))).toBe(false);
      const leafName = (j: number) => pick(node.leaves[j].name, lang);
      const [p0, p1] = doc.participants;
      const [c0, c1] = doc.candidates.map((c, i) => displayName(c, lang, 'candidate', i));
      expect(ofDimension).toEqual([
        [p0.name, c0, dimension, '8', '', leafName(0)],
        [p0.name, c0, dimension, '4', '', leafName(1)],
        [p1.name, c1, dimension, '6', '', leafName(0)],
        [p1.name, c1, dimension, '', '', leafName(1)],
      ]);
      expect(body).toHaveLength(doc.scores.filter((x) => x.criterionId !== node.criterionId).length + doc.leafScores.length);
      expect(body.filter((r) => r[2] !== dimension).every((r) => r[5] === '')).toBe(true);
    });
  }

  it('only rationales of a dimension scored at its focus points: the section is there to say so', () => {
    const lang = 'en';
    const full = workshop('leaves', lang);
    const doc = { ...full, scores: full.scores.map((x) => (x.criterionId === full.hierarchy[0].criterionId ? x : { ...x, rationale: '' })) };
    const content = buildContent(doc, analyseWorkshop(doc), lang);
    expect(content.rationales).toEqual([]);
    const html = renderHtml(content);
    expect(html).toContain('id="rationales"');
    expect(html).not.toContain(UNUSED);
  });

  it('scored at the dimension: its rationales and scores are listed, its kept focus point scores are not', () => {
    const lang = 'en';
    const doc = workshop('dimension', lang);
    const node = doc.hierarchy[0];
    const k = doc.criteria.findIndex((c) => c.id === node.criterionId);
    const dimension = displayName(doc.criteria[k], lang, 'criterion', k);
    const content = buildContent(doc, analyseWorkshop(doc), lang);
    expect(content.rationales.filter((x) => x.criterion === dimension)).toHaveLength(doc.scores.filter((x) => x.criterionId === node.criterionId).length);
    expect(renderHtml(content)).not.toContain(reportStrings(lang).rationalesLeafScored(dimension));
    const body = parse(renderCsv(content, 'scores')).slice(1);
    expect(body).toHaveLength(doc.scores.length);
    expect(body.every((r) => r[5] === '')).toBe(true);
    expect(body.filter((r) => r[2] === dimension && r[4].includes(UNUSED))).toHaveLength(doc.scores.filter((x) => x.criterionId === node.criterionId).length);
  });
});
