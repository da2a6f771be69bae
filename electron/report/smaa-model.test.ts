import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { analyseWorkshop } from '../analysis/analysis';
import { buildContent } from './content';
import { renderHtml } from './html';
import { renderMarkdown } from './markdown';
import { escapeHtml } from './escape';

// The robustness section of every format says which SMAA weight model was used.
describe('report: the SMAA weight model is stated', () => {
  const doc = fullWorkshop();
  const analysis = analyseWorkshop(doc);
  const spread = analysis.smaaSettings!.spread!.toFixed(3);

  it('in English and Chinese, HTML and Markdown (the one list of sections), with the spread used', () => {
    const en = buildContent(doc, analysis, 'en');
    const zh = buildContent(doc, analysis, 'zh-CN');
    const enText = `Weight model: weights varied around the team's weights (RMS spread ${spread})`;
    const zhText = `权重模型：权重围绕团队权重随机变动（均方根离散度 ${spread}）`;
    expect(renderHtml(en)).toContain(escapeHtml(enText));
    expect(renderMarkdown(en)).toContain(enText);
    expect(renderHtml(zh)).toContain(escapeHtml(zhText));
    expect(renderMarkdown(zh)).toContain(zhText);
  });

  it('names the constraints when the analysis ran under them', () => {
    const [a, b] = doc.criteria;
    const constrained = analyseWorkshop(doc, { kind: 'constraints', constraints: [{ greater: a.id, lesser: b.id, ratio: 2 }] });
    const md = renderMarkdown(buildContent(doc, constrained, 'en'));
    expect(md).toMatch(/Weight model: weights drawn uniformly among those meeting .+ ≥ 2 × .+\./);
  });
});
