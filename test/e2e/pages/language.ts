import type { Page } from '@playwright/test';
import { GPU_NAMES } from '../../../shared/cost/schema';

/**
 * The language-leak check ("one language at a time, no internals on screen"):
 * text of the other language, and raw keys or ids, in whatever a person reads — a screen, a
 * report. Generic: it reads every visible text and every accessible label, not a list of
 * known strings, so screens added later are checked too.
 *
 * Not checked, on purpose:
 * - what the team typed: form fields' values, text isolated as user text (`bdi`, as the app and
 *   the reports mark titles and names), and quotations (“…”, "…") in a sentence;
 * - machine text shown as such: `code`/`pre`/`kbd` (a file's field names, JSON) and file names;
 * - an element marked with the other language (`lang="en"` on "English" in the language switch).
 */

/**
 * Latin words a Chinese screen may carry: product and brand names (verl, Megatron-LM…), file
 * formats (CSV, JSON…), standard abbreviations of the field used untranslated in Chinese (GPU,
 * RL, AHP…, token) and units (ms, h, GB…). Kept short; compared case-insensitively.
 */
export const ZH_LATIN_ALLOWED = new Set(
  [
    // product and brand names, the app's own name in English, the language switch's "English"
    'verl megatron lm areal deepswe vllm sglang ray pytorch fsdp deepspeed nccl kubernetes k8s nemo-rl skyrl slime openrlhf',
    'h800 h100 a100 h20 chromium chrome edge electron excel wps powerpoint libreoffice mac wi-fi wifi english selection workshop',
    // file formats
    'csv json html pdf pptx markdown md svg png adr url qr',
    // abbreviations used as such in Chinese
    'rl gpu gpus cpu llm ahp smaa topsis roc aij aip sre ml lan id kv moe ppo grpo sft api sla token tokens ok p50 p90 p95 p99 bf16 fp8 fp32 tf32',
    // units and currencies
    'ms min mb gb tb kb usd cny tflops pflops gbps mfu mtbf pue',
    // terms of the art that the Chinese framework text itself keeps in English (shared/framework, the seed)
    'agentic rollout reward kpi critic prefill',
    // the words of its English phrases (reward shaping, credit assignment), which a PDF's table cells may split apart
    'shaping credit assignment',
    // people a formula is named after (the Young/Daly checkpoint interval), and the Adam optimizer
    'young daly adam',
    // a model family a cited benchmark measured (Qwen2.5)
    'qwen qwen2',
    // key caps, as printed on the keyboard
    'tab shift enter delete esc ctrl alt cmd backspace space home end pageup pagedown',
    // the simulator's GPU catalogue, as product names (a PDF line may break "H100-SXM" at its hyphen)
    ...GPU_NAMES.map((g) => `${g} ${g.split('-').join(' ')} ${g.split('-').join('')}`),
  ].flatMap((line) => line.toLowerCase().split(' ')),
);

/** Phrases the Chinese framework text keeps in English (its seed's own wording). */
const ZH_PHRASES_ALLOWED = /reward shaping|reward design|credit assignment/gi;
/** Quotations in a sentence (a question quoted in a label, a value of the file) and file names. */
const QUOTED = /“[^”]*”|"[^"]*"|「[^」]*」/g;
const FILE_NAME = /[\w.-]+\.(csv|json|html|md|pdf|pptx|png|svg|txt)\b/gi;
/** Web addresses (a cited source's link text) are names in every language. */
const WEB_ADDRESS = /\bhttps?:\/\/\S+/g;

/** Names spelled with an inner capital (not camelCase ids). */
const CAMEL_ALLOWED = new Set(['kW', 'kWh', 'vLLM', 'veMLP', 'SGLang', 'AReaL', 'DeepSWE', 'PyTorch', 'DeepSpeed', 'OpenRLHF', 'iPad', 'iPhone', 'macOS']);
/** File endings and web domains: `pilot-metrics.csv`, `github.com` are names, not keys. */
const DOTTED_ALLOWED = /\.(csv|json|html|md|pdf|pptx|png|svg|txt|com|org|io|ai|dev|net|cn)$/i;

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e]/;

export interface TextItem {
  /** What is read: a text node, or an attribute (`aria-label: …`). */
  text: string;
  /** Where: the nearest element's tag, class and landmark, for the report. */
  where: string;
}

/** Every problem in the texts, one line each ("where: what — text"). */
export function languageLeaks(items: readonly TextItem[], lang: 'en' | 'zh-CN'): string[] {
  const out = new Set<string>();
  const report = (item: TextItem, what: string) => out.add(`${item.where}: ${what} — “${item.text.slice(0, 120)}”`);
  for (const item of items) {
    // US$ is how Chinese writes the US dollar (Intl's zh-CN currency format).
    const t = item.text.replace(QUOTED, ' ').replace(WEB_ADDRESS, ' ').replace(FILE_NAME, ' ').replace(/US\$/g, '$');
    if (lang === 'en') {
      const m = CJK.exec(t);
      if (m) report(item, `Chinese text (${m[0]})`);
    } else {
      // Runs of Latin letters, with their inner hyphens (Megatron-LM, Wi-Fi) as one word.
      for (const w of t.replace(ZH_PHRASES_ALLOWED, ' ').match(/[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*/g) ?? []) {
        if (w.length < 2) continue;
        const parts = w.toLowerCase().split('-');
        if (ZH_LATIN_ALLOWED.has(w.toLowerCase()) || parts.every((p) => ZH_LATIN_ALLOWED.has(p) || /^\d|^[a-z]?\d+[a-z]?$/.test(p))) continue;
        report(item, `English word "${w}"`);
      }
    }
    // Raw keys and ids in either language.
    for (const k of t.match(/\b[a-z][a-zA-Z0-9]+(?:\.[a-zA-Z][a-zA-Z0-9]+)+\b/g) ?? []) if (!DOTTED_ALLOWED.test(k)) report(item, `dotted key "${k}"`);
    for (const k of t.match(/\b[a-z][a-z0-9]*_[a-z0-9_]+\b/g) ?? []) report(item, `snake_case id "${k}"`);
    for (const k of t.match(/\b[a-z]+[A-Z][A-Za-z]*\b/g) ?? []) if (!CAMEL_ALLOWED.has(k)) report(item, `camelCase id "${k}"`);
    if (/\{\{\s*\w+\s*\}\}/.test(t)) report(item, 'unfilled placeholder');
  }
  return [...out];
}

/** The visible texts and accessible labels under `scope` (default: the whole page), as the user's screen shows them. */
export async function screenTexts(page: Page, scope?: string): Promise<TextItem[]> {
  return page.evaluate((sel) => {
    const root = (sel ? document.querySelector(sel) : document.body) ?? document.body;
    const lang = document.documentElement.lang;
    const SKIP = 'script,style,noscript,template,code,pre,kbd,samp,bdi,textarea,input,select,option,[contenteditable="true"]';
    const shown = (el: Element) => {
      if (el.closest(SKIP)) return false;
      const marked = el.closest('[lang]');
      if (marked && marked !== document.documentElement && marked.getAttribute('lang') !== lang) return false;
      if (!el.getClientRects().length) return false;
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none';
    };
    const where = (el: Element) => {
      const region = el.closest('[role=dialog],main,nav,header,aside,section,[role=tabpanel],table,svg');
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(/\s+/)[0]}` : '';
      const r =
        region && region !== el ? `${region.tagName.toLowerCase()}${region.getAttribute('aria-label') ? `[${region.getAttribute('aria-label')}]` : ''} › ` : '';
      return `${r}${el.tagName.toLowerCase()}${cls}`;
    };
    const items: { text: string; where: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el || !shown(el)) continue;
      items.push({ text, where: where(el) });
    }
    for (const el of root.querySelectorAll('[aria-label],[title],[placeholder],[alt],[aria-description]')) {
      if (!shown(el)) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
        const v = el.getAttribute(a)?.trim();
        if (v) items.push({ text: v, where: `${where(el)}@${a}` });
      }
    }
    return items;
  }, scope);
}

/** Markdown as read: code spans and fenced blocks (machine text) left out, one item per line. */
export function markdownTexts(md: string, file: string): TextItem[] {
  return md
    .replace(/```[\s\S]*?```/g, '')
    .split('\n')
    .map((line, i) => ({ text: line.replace(/`[^`]*`/g, '').trim(), where: `${file}:${i + 1}` }))
    .filter((x) => x.text);
}
