import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { displayName } from '../../shared/model';
import { BOM, renderCsv } from './csv';

const doc = fullWorkshop({ lang: 'zh-CN' });
const content = buildContent(doc, analyseWorkshop(doc), 'zh-CN');
const parse = (text: string) => Papa.parse<string[]>(text.slice(BOM.length), { skipEmptyLines: false }).data.filter((r) => !(r.length === 1 && r[0] === ''));

describe('CSV export', () => {
  it('starts with a UTF-8 BOM and ends lines with CRLF', () => {
    const csv = renderCsv(content, 'scores');
    // focus_point came last (a dimension scored at its focus points, leaf-scored-exports.test.ts): the first five columns as before.
    expect(csv.startsWith('\uFEFFparticipant,candidate,criterion,score,rationale,focus_point\r\n')).toBe(true);
    expect(
      csv
        .replace(/"[^"]*"/g, '')
        .split('\n')
        .every((l, i, all) => i === all.length - 1 || l.endsWith('\r')),
    ).toBe(true);
  });

  it('has one long-form row per score, in document order, that a CSV parser reads back exactly', () => {
    const rows = parse(renderCsv(content, 'scores'));
    expect(rows[0]).toEqual(['participant', 'candidate', 'criterion', 'score', 'rationale', 'focus_point']);
    expect(rows).toHaveLength(doc.scores.length + 1);
    const first = doc.scores[0];
    expect(rows[1]).toEqual([
      doc.participants[0].name,
      first.candidateId === doc.candidates[0].id ? displayName(doc.candidates[0], 'zh-CN', 'candidate', 0) : '',
      displayName(doc.criteria[0], 'zh-CN', 'criterion', 0),
      String(first.value),
      first.rationale,
      '',
    ]);
    // The unscored cell is an empty score, not 0.
    expect(rows.at(-1)![3]).toBe('');
  });

  it('writes weights, group scores and results tables', () => {
    const weights = parse(renderCsv(content, 'weights'));
    expect(weights[0]).toEqual(['criterion', 'group', 'base_weight', 'adaptation_delta', 'final_weight', 'share', 'accepted_rules']);
    expect(weights).toHaveLength(doc.criteria.length + 1);
    expect(weights.slice(1).reduce((a, r) => a + Number(r[5]), 0)).toBeCloseTo(1, 5);
    const results = parse(renderCsv(content, 'results'));
    expect(results[0]).toEqual(['rank', 'candidate', 'total', 'coverage', 'first_rank_acceptability', 'chosen', 'first_rank_standard_error']);
    // Each acceptability with its Monte Carlo standard error, as the analysis computed them.
    const sm = content.analysis.smaa!;
    content.analysis.evaluation!.ranking.forEach((i, r) => {
      expect(Number(results[r + 1][4])).toBeCloseTo(sm.rankAcceptability[i][0], 6);
      expect(Number(results[r + 1][6])).toBeCloseTo(sm.standardError[i][0], 6);
      expect(Number(results[r + 1][6])).toBeGreaterThan(0);
    });
    expect(results.slice(1).map((r) => r[0])).toEqual(doc.candidates.map((_, i) => String(i + 1)));
    expect(results.slice(1).filter((r) => r[5] === 'true')).toHaveLength(1);
    const aggregate = parse(renderCsv(content, 'aggregate'));
    expect(aggregate).toHaveLength(doc.candidates.length * doc.criteria.length + 1);
  });

  it('puts every table in one file by default, each after a “# name” line', () => {
    const all = renderCsv(content);
    expect(all.startsWith('\uFEFF# scores\r\nparticipant,')).toBe(true);
    for (const k of ['scores', 'weights', 'aggregate', 'results']) expect(all).toContain(`\r\n# ${k}\r\n`.slice(k === 'scores' ? 2 : 0));
    expect(all.match(/\uFEFF/g)).toHaveLength(1);
  });

  it('neutralises formulas and quotes awkward text', () => {
    const hostile = structuredClone(doc);
    hostile.participants[0].name = '=HYPERLINK("http://x","y")';
    hostile.scores[0].rationale = '@SUM(A1), "quoted"\nsecond line';
    const rows = parse(renderCsv(buildContent(hostile, analyseWorkshop(hostile), 'en'), 'scores'));
    expect(rows[1][0]).toBe('\'=HYPERLINK("http://x","y")');
    expect(rows[1][4]).toBe('\'@SUM(A1), "quoted"\nsecond line');
  });
});
