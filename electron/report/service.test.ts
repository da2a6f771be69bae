import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReportRenderResponseSchema } from '../../shared/contract/report';
import type { Progress } from '../../shared/contract';
import { dispatch } from '../service/dispatch';
import { createInlineRunner } from '../service/tasks/runner';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { renderReport } from './render';

const opts = { host: 'test' as const, tasks: createInlineRunner(), checkResponse: true };

async function render(payload: unknown, extra: Partial<Parameters<typeof dispatch>[2]> = {}) {
  const res = await dispatch('report.render', payload, { ...opts, ...extra });
  if (!res.ok) throw Object.assign(new Error(res.error.message), res.error);
  return ReportRenderResponseSchema.parse(res.result);
}

describe('report.render through the service', () => {
  it('round trip: the exported workshop file validates back to the identical document (every field populated)', async () => {
    for (const doc of [fullWorkshop(), fullWorkshop({ lang: 'zh-CN', participants: 6, candidates: 5, criteria: 11 })]) {
      const file = await render({ workshop: doc, format: 'json' });
      expect(file.filename).toMatch(/\.workshop\.json$/);
      expect(file.mime).toBe('application/json; charset=utf-8');
      const back = await dispatch('workshop.validate', JSON.parse(file.content), opts);
      expect(back.ok).toBe(true);
      if (back.ok) expect(back.result).toEqual(doc);
    }
  });

  it('the round-trip fixture really fills every field (no default left in place)', () => {
    const doc = fullWorkshop();
    const emptyPaths: string[] = [];
    const walk = (v: unknown, p: string) => {
      if (
        v === '' ||
        v === null ||
        (Array.isArray(v) && v.length === 0) ||
        (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0)
      )
        emptyPaths.push(p);
      else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${p}[${i}]`));
      else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, p ? `${p}.${k}` : k);
    };
    walk(doc, '');
    // Allowed empties: one deliberately unscored cell, empty rationales, the metric bucket '' (which means
    // "no bucket"), inside the simulator's own result (opaque JSON to the document schema), and the unused
    // half of a name (a name is either typed — no default — or a default — no text, no translation).
    const allowed = [
      /^scores\[\d+\]\.(value|rationale)$/,
      // A round change from or to "no score", or without a rationale.
      /^rounds\[\d+\]\.changes\[\d+\]\.(from|to|rationale)$/,
      // … a change of a dimension scored at the dimension (no focus points moved it), or a focus point's from or rationale.
      /^rounds\[\d+\]\.changes\[\d+\]\.leaves$/,
      /^rounds\[\d+\]\.changes\[\d+\]\.leaves\[\d+\]\.(from|to|rationale)$/,
      /^(metrics\.series|review\.canary)\[\d+\]\.bucket$/,
      /^simulations\[\d+\]\.result\./,
      // … a pair of candidates nobody compared (null = not answered, kept as such), and figures a pilot did not measure.
      /^ratings\[\d+\]\.matrix\[\d+\]\[\d+\]$/,
      /^metrics\.calibrations\[\d+\]\.result\.(residual\.byKind|pilot\.(measured|predicted))\./,
      /^(candidates|criteria|simulations)\[\d+\]\.name\.(text|default|translation)$/,
    ];
    const unexpected = emptyPaths.filter((p) => !allowed.some((re) => re.test(p)));
    expect(unexpected).toEqual([]);
    expect(doc.scores.some((s) => s.rationale !== '')).toBe(true);
    expect(doc.rounds.some((r) => r.changes.some((c) => c.leaves.some((l) => l.rationale !== '' && l.from !== null)))).toBe(true);
    expect(doc.metrics.series.some((s) => s.bucket !== '')).toBe(true);
  });

  it('refuses an invalid workshop with invalid_document, path and reason of each problem (first 20)', async () => {
    const doc = fullWorkshop();
    const broken = JSON.parse(JSON.stringify(doc));
    broken.scores.forEach((s: { value: unknown }) => (s.value = 'high'));
    broken.meta.title = '';
    const res = await dispatch('report.render', { workshop: broken, format: 'html' }, opts);
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error.code).toBe('invalid_document');
    expect(res.error.issues).toHaveLength(20);
    expect(res.error.issues![0]).toMatchObject({ path: 'meta.title', message: 'must not be empty' });
    expect(res.error.issues!.slice(1).every((i) => /^scores\[\d+\]\.value$/.test(i.path))).toBe(true);
    expect(res.error.message).toMatch(/not valid: \d+ problems/);
  });

  it('refuses a file from a newer app version, and a request without a workshop', async () => {
    const newer = await dispatch('report.render', { workshop: { ...fullWorkshop(), schemaVersion: 99 }, format: 'md' }, opts);
    expect(newer).toMatchObject({ ok: false, error: { code: 'invalid_document', issues: [{ path: 'schemaVersion' }] } });
    const missing = await dispatch('report.render', { format: 'md' }, opts);
    expect(missing).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ path: 'workshop' }] } });
    const format = await dispatch('report.render', { workshop: fullWorkshop(), format: 'docx' }, opts);
    expect(format).toMatchObject({ ok: false, error: { code: 'invalid_request', issues: [{ path: 'format' }] } });
  });

  it('renders each text format with its file name and type, in the asked language', async () => {
    const doc = fullWorkshop();
    const html = await render({ workshop: doc, format: 'html', lang: 'zh-CN' });
    expect(html).toMatchObject({ filename: 'Full-workshop-RL-stack-for-the-code-agent.report.html', mime: 'text/html; charset=utf-8', encoding: 'utf8' });
    expect(html.content).toContain('<html lang="zh-CN">');
    expect((await render({ workshop: doc, format: 'md' })).filename).toMatch(/\.decision-record\.md$/);
    expect((await render({ workshop: doc, format: 'csv' })).filename).toMatch(/[^.]\.csv$/);
    const scores = await render({ workshop: doc, format: 'csv', csvKind: 'scores' });
    expect(scores.filename).toMatch(/\.scores\.csv$/);
    expect(scores.content.startsWith('\uFEFFparticipant,')).toBe(true);
  });

  it('prints PDF with the host’s printer when it has one (Electron), reporting progress', async () => {
    const seen: string[] = [];
    const progress: Progress[] = [];
    const pdf = await render(
      { workshop: fullWorkshop(), format: 'pdf' },
      {
        pdf: async (html) => {
          seen.push(html);
          return new TextEncoder().encode('%PDF-1.7 fake');
        },
        onProgress: (p) => progress.push(p),
      },
    );
    expect(seen).toHaveLength(1);
    expect(seen[0].startsWith('<!DOCTYPE html>')).toBe(true);
    expect(pdf).toMatchObject({ mime: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(pdf.content, 'base64').toString('latin1')).toBe('%PDF-1.7 fake');
    expect(progress.map((p) => p.stage)).toEqual(['analysing', 'rendering', 'printing', 'done']);
  });

  it('says PDF is unavailable, clearly, where there is no printer', async () => {
    await expect(renderReport(fullWorkshop(), { format: 'pdf' })).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/Chromium.*CHROMIUM_PATH.*HTML report/s),
    });
  });
});

describe('report.render through the CLI', () => {
  it('renders Markdown from a request file, as a user runs it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-cli-report-'));
    const req = path.join(dir, 'req.json');
    writeFileSync(req, JSON.stringify({ workshop: fullWorkshop(), format: 'md', lang: 'en' }));
    const r = spawnSync(process.execPath, [path.resolve('build/node/cli.mjs'), 'report.render', '--in', req], { encoding: 'utf8', timeout: 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.filename).toMatch(/decision-record\.md$/);
    expect(out.content).toContain('## Decision');
  });
});
