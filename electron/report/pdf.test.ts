import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fullWorkshop } from '../../test/fixtures/fullWorkshop';
import { printedText, squeeze } from '../../test/fixtures/printedPdf';
import { dispatch } from '../service/dispatch';
import { findChromium } from '../service/pdf';
import { createInlineRunner } from '../service/tasks/runner';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWorkshop } from '../../shared/model';
import { createJobQueue, PDF_CONCURRENCY, printWithChromium } from './pdf';
import { consensus } from '../engine/ahp';
import { expectedRobustness, slopedPriorities, withAhpJudges } from '../../test/fixtures/reportFigures';

/** Pages in a PDF: page objects (`/Type /Page`, not `/Pages`). Chromium writes them uncompressed. */
function pageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;
}

const executable = findChromium();
const title = executable
  ? 'PDF through a local Chromium'
  : 'PDF through a local Chromium — SKIPPED: no Chromium or Chrome found on this machine (set CHROMIUM_PATH to one)';

describe.skipIf(!executable)(title, () => {
  it('renders the report as a PDF through the CLI, as a user runs it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-pdf-cli-'));
    const req = path.join(dir, 'req.json');
    writeFileSync(req, JSON.stringify({ workshop: fullWorkshop(), format: 'pdf', lang: 'zh-CN' }));
    const r = spawnSync(process.execPath, [path.resolve('build/node/cli.mjs'), 'report.render', '--in', req, '--progress'], {
      encoding: 'utf8',
      timeout: 150_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ mime: 'application/pdf', encoding: 'base64', filename: expect.stringMatching(/\.report\.pdf$/) });
    const pdf = Buffer.from(out.content, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The full report runs to several A4 pages.
    expect(pageCount(pdf)).toBeGreaterThan(3);
    expect(r.stderr).toMatch(/progress 50\.0% printing/);
  }, 180_000);

  it('prints through the service and leaves no temporary files behind', async () => {
    const before = readdirSync(tmpdir()).filter((f) => f.startsWith('sw-report-')).length;
    const res = await dispatch(
      'report.render',
      { workshop: fullWorkshop(), format: 'pdf' },
      { host: 'test', tasks: createInlineRunner(), checkResponse: true },
    );
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    const pdf = Buffer.from((res.result as { content: string }).content, 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBeGreaterThan(0);
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('sw-report-')).length).toBe(before);
  }, 180_000);

  it('prints the acceptabilities ± their errors, the runner-up’s distance and the AHP consensus, in both languages', async () => {
    const base = fullWorkshop();
    const p = [slopedPriorities(base.criteria.length, 0.5), slopedPriorities(base.criteria.length, -0.05)];
    const doc = withAhpJudges(base, p);
    const { sStar } = consensus(p, [doc.participants[0].influence, doc.participants[1].influence]);
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-pdf-figures-'));
    for (const [lang, takes] of [
      ['en', 'What it takes for'],
      ['zh-CN', '要追平'],
    ] as const) {
      const text = await printedText(doc, lang, dir);
      const x = expectedRobustness(doc, lang);
      for (const row of x.firstRank) expect(text).toContain(squeeze(row.text));
      expect(text).toContain(squeeze(takes));
      expect(text).toContain(squeeze(`${x.runnerUp.distance}`));
      expect(text).toContain(squeeze(x.runnerUp.move));
      expect(text).toContain(squeeze(`S*${lang === 'en' ? ': ' : '：'}${Math.round(sStar * 100) / 100}`));
    }
  }, 180_000);

  it('prints with JavaScript off and the network refused: a page that reaches for a local listener reaches nothing', async () => {
    const hits: string[] = [];
    const server = http.createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const { port } = server.address() as AddressInfo;
      const at = (what: string) => `http://127.0.0.1:${port}/${what}`;
      // No CSP here: the browser's own settings must hold, whatever the page asks for.
      const hostile = `<!DOCTYPE html><html><head><link rel="stylesheet" href="${at('css')}"></head><body><p>report</p>
<img src="${at('img')}"><img src="http://localhost:${port}/localhost"><iframe src="${at('iframe')}"></iframe>
<object data="${at('object')}"></object><video src="${at('video')}"></video>
<p id="said">the page as written</p><img src="data:," onerror="document.getElementById('said').textContent += ' HANDLER RAN'">
<script>document.getElementById('said').textContent += ' SCRIPT RAN'; fetch(${JSON.stringify(at('fetch'))}); document.write('<img src="${at('script-img')}">');</script></body></html>`;
      const pdf = await printWithChromium(hostile, executable!);
      expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await new Promise((r) => setTimeout(r, 200));
      expect(hits).toEqual([]);
      // No script ran: the text printed is the page as written.
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'sw-pdf-js-')), 'out.pdf');
      writeFileSync(file, pdf);
      const text = spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' });
      if (text.status === 0) {
        expect(text.stdout).toContain('the page as written');
        expect(text.stdout).not.toMatch(/RAN/);
      }
    } finally {
      server.close();
    }
  }, 120_000);

  it('cancels: the browser is stopped and the job answers `cancelled`', async () => {
    const abort = new AbortController();
    const started = printWithChromium('<!DOCTYPE html><p>x</p>', executable!, abort.signal);
    setTimeout(() => abort.abort(), 50);
    await expect(started).rejects.toMatchObject({ code: 'cancelled' });
  }, 60_000);
});

describe('PDF through a browser that refuses the one-process print', () => {
  it('prints again the ordinary way', async () => {
    // A stand-in "browser": fails when asked for --single-process, otherwise writes a PDF.
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-fake-chromium-'));
    const fake = path.join(dir, 'chromium');
    writeFileSync(
      fake,
      `#!/bin/sh
for a in "$@"; do case "$a" in --single-process) echo "single-process mode refused" >&2; exit 3;; esac; done
for a in "$@"; do case "$a" in --print-to-pdf=*) printf '%%PDF-1.4 fake' > "\${a#--print-to-pdf=}";; esac; done
echo "$@" > "${path.join(dir, 'args')}"
`,
      { mode: 0o755 },
    );
    const pdf = await printWithChromium('<p>x</p>', fake);
    expect(Buffer.from(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(readFileSync(path.join(dir, 'args'), 'utf8')).not.toMatch(/single-process/);
  });
});

describe('PDF without any printer', () => {
  it('names a missing browser executable clearly', async () => {
    await expect(printWithChromium('<p>x</p>', '/nonexistent/chromium')).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/Could not start Chromium/),
    });
  });
});

describe('the PDF queue', () => {
  it('8 PDFs asked for at once print at most PDF_CONCURRENCY at a time, all of them, through the service', async () => {
    let running = 0;
    let most = 0;
    let printed = 0;
    const pdf = async () => {
      most = Math.max(most, ++running);
      await new Promise((r) => setTimeout(r, 30));
      running--;
      printed++;
      return new TextEncoder().encode('%PDF-1.4 fake');
    };
    const workshop = createWorkshop({ title: 'Queue', lang: 'en' });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => dispatch('report.render', { workshop, format: 'pdf' }, { host: 'test', tasks: createInlineRunner(), pdf })),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect(printed).toBe(8);
    expect(PDF_CONCURRENCY).toBeLessThanOrEqual(2);
    expect(most).toBe(PDF_CONCURRENCY);
  });

  it('a job cancelled while waiting leaves the queue without running; the others go on', async () => {
    const queue = createJobQueue(1);
    const order: string[] = [];
    let release!: () => void;
    const first = queue.run(() => new Promise<void>((r) => (release = () => (order.push('first'), r()))));
    const abort = new AbortController();
    const cancelled = queue.run(async () => void order.push('cancelled'), abort.signal);
    const third = queue.run(async () => void order.push('third'));
    expect(queue.waiting).toBe(2);
    abort.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
    expect(queue.waiting).toBe(1);
    release();
    await Promise.all([first, third]);
    expect(order).toEqual(['first', 'third']);
    expect(queue.running).toBe(0);
  });
});
