import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LibraryPage } from './pages/LibraryPage';

export interface WebHostHandle {
  url: string;
  origin: string;
  token: string;
  port: number;
  process: ChildProcess;
}

/**
 * Starts the real web host (build/node/web.mjs) on a free port (or `port`, e.g. to restart on the
 * same address), with the data folder given, or else a temporary one removed when the host exits
 * (room journals and the library's safety copy never land in the user's own data folder);
 * resolves with its printed address.
 */
export async function startHost({ dataDir, port = 0 }: { dataDir?: string; port?: number } = {}): Promise<WebHostHandle> {
  const dir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sw-host-'));
  const args = [path.resolve('build/node/web.mjs'), '--port', String(port), '--data-dir', dir];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  if (!dataDir) child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`web host did not start: ${out}`)), 15_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`web host exited (${code}): ${out}`)));
  });
  const u = new URL(url);
  return { url, origin: u.origin, token: /token=([^&]+)/.exec(u.hash)![1], port: Number(u.port), process: child };
}

export const test = base.extend<{ app: Page }, { host: WebHostHandle }>({
  host: [
    async ({}, use) => {
      const host = await startHost();
      await use(host);
      host.process.kill();
    },
    { scope: 'worker' },
  ],
  /** A page with the app open on a fresh profile (each test has its own browser context, so its own IndexedDB). */
  app: async ({ page, host }, use) => {
    await page.goto(host.url);
    await use(page);
  },
});

export { expect };

/**
 * One page for a serial describe block's tests in one language: opened at the library (switched
 * to `lang`) before its first test, closed after its last, so each test builds on what the one
 * before left. Call inside the `test.describe`; the returned function gives the page.
 */
export function languagePage(lang: 'en' | 'zh-CN'): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser, host }) => {
    page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await page.goto(host.url);
    if (lang === 'zh-CN') await new LibraryPage(page).switchLanguage('zh-CN');
  });
  test.afterAll(async () => {
    await page?.close();
    page = undefined;
  });
  return () => {
    if (!page) throw new Error('languagePage: the page exists only while the describe block runs');
    return page;
  };
}

/** Opens a step of the decision path by its link in `nav` (the path's navigation) and waits for the step's heading. */
export async function openStep(nav: Locator, name: RegExp) {
  await nav.getByRole('link', { name }).first().click();
  await expect(nav.page().getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The serious and critical axe violations inside `include` (a selector) of the page as it is now, as "where: rule — help (first nodes)". */
export async function axeViolations(page: Page, include: string, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include(include).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} — ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

/** The sample workshop's nine criteria as the English screens name them, in the document's order. */
export const SAMPLE_CRITERIA = [
  'Mismatch control',
  'Throughput efficiency',
  'Context management',
  'Credit assignment',
  'Stability and fault tolerance',
  'Scalability',
  'Security and compliance',
  'Operational complexity',
  'Cost structure',
] as const;

/**
 * What a room reads on the projector, measured as drawn: every visible piece of text in the
 * presenter (HTML text, and SVG text at its on-screen size: font size × the drawing's scale),
 * the smallest ones first.
 */
export async function projectedText(app: Page, scope = '.presenter'): Promise<{ text: string; px: number }[]> {
  return app.evaluate((sel) => {
    const root = document.querySelector(sel)!;
    const out: { text: string; px: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const el = node.parentElement;
      if (!text || !el) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      let px = parseFloat(style.fontSize);
      // SVG text is drawn at its font size times the drawing's scale.
      const owner: Element = el;
      if (owner instanceof SVGGraphicsElement) {
        const m = owner.getScreenCTM();
        if (m) px *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      }
      out.push({ text: text.slice(0, 40), px: Math.round(px * 100) / 100 });
    }
    return out.sort((a, b) => a.px - b.px);
  }, scope);
}
