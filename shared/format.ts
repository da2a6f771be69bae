import type { Lang } from './framework';

/**
 * Numbers, shares, durations, sizes and money for people, in the reader's language: the one
 * place the screens and the reports (HTML, PDF, Markdown, the slide deck) format them, so a
 * figure reads the same everywhere. Machine formats (CSV, JSON) keep raw numbers.
 */

// Intl formatters are costly to build: one per language and options.
const cache = new Map<string, Intl.NumberFormat>();
const nf = (lang: Lang, key: string, options: Intl.NumberFormatOptions) => {
  let f = cache.get(`${lang}|${key}`);
  if (!f) cache.set(`${lang}|${key}`, (f = new Intl.NumberFormat(lang, options)));
  return f;
};

/** Up to `digits` decimals, grouped ("12,345.6"). */
export function formatNumber(x: number, lang: Lang, digits = 1): string {
  if (!Number.isFinite(x)) return '—';
  return nf(lang, `n${digits}`, { maximumFractionDigits: digits }).format(x);
}

/** Short axis labels: 1.2K, 3M (zh-CN: 1.2万). */
export function formatCompact(x: number, lang: Lang): string {
  return nf(lang, 'compact', { notation: 'compact', maximumFractionDigits: 1 }).format(x);
}

/** A share 0…1 as a percentage with exactly `digits` decimals ("42%", "41.7%"). */
export function formatPercent(x: number, lang: Lang, digits = 0): string {
  if (!Number.isFinite(x)) return '—';
  return nf(lang, `p${digits}`, { style: 'percent', maximumFractionDigits: digits, minimumFractionDigits: digits }).format(x);
}

/** Money with its currency: cents below 10, whole units above ("$8.40", "$12,300", "US$12,300" in zh-CN). */
export function formatMoney(x: number, currency: string, lang: Lang): string {
  if (!Number.isFinite(x)) return '—';
  const digits = Math.abs(x) < 10 ? 2 : 0;
  return nf(lang, `${currency}${digits}`, { style: 'currency', currency, maximumFractionDigits: digits, minimumFractionDigits: digits }).format(x);
}

const UNITS = {
  en: { d: 'd', h: 'h', min: 'min', s: 's', sep: ' ' },
  'zh-CN': { d: '天', h: '小时', min: '分钟', s: '秒', sep: ' ' },
} as const;

/**
 * A duration as people say it, in two units at most: "45 s", "2.5 s", "5 min 30 s",
 * "6 h 0 min", "3 d 4 h" (zh-CN: "45 秒", "5 分钟 30 秒", "6 小时", "3 天 4 小时"; Chinese drops a
 * zero second part). Never "21566 s".
 */
export function formatDuration(seconds: number, lang: Lang): string {
  if (!Number.isFinite(seconds)) return '—';
  const u = UNITS[lang] ?? UNITS.en;
  const zh = lang === 'zh-CN';
  const sign = seconds < 0 ? '−' : '';
  const abs = Math.abs(seconds);
  const num = (v: number, digits = 0) => nf(lang, `d${digits}`, { maximumFractionDigits: digits }).format(v);
  const pair = (a: number, ua: string, b: number, ub: string) => `${sign}${num(a)} ${ua}${zh && b === 0 ? '' : `${u.sep}${num(b)} ${ub}`}`;
  if (abs < 60) {
    const digits = abs < 10 ? 2 : abs < 59.95 ? 1 : 0;
    if (+abs.toFixed(digits) < 60) return `${sign}${num(abs, digits)} ${u.s}`;
  }
  const totalSeconds = Math.round(abs);
  if (totalSeconds < 3600) return pair(Math.floor(totalSeconds / 60), u.min, totalSeconds % 60, u.s);
  const totalMinutes = Math.round(abs / 60);
  if (totalMinutes < 48 * 60) return pair(Math.floor(totalMinutes / 60), u.h, totalMinutes % 60, u.min);
  const totalHours = Math.round(abs / 3600);
  return pair(Math.floor(totalHours / 24), u.d, totalHours % 24, u.h);
}

/** Hours of a job ("GPU-hours" stay numbers; this is wall time). */
export const formatHours = (hours: number, lang: Lang) => formatDuration(hours * 3600, lang);

/** A size in bytes with a decimal unit: "512 B", "1.5 KB", "80 GB". */
export function formatBytes(bytes: number, lang: Lang): string {
  if (!Number.isFinite(bytes)) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = Math.abs(bytes);
  let i = 0;
  while (v >= 999.95 && i < units.length - 1) {
    v /= 1000;
    i += 1;
  }
  return `${bytes < 0 ? '−' : ''}${formatNumber(v, lang, i === 0 ? 0 : v < 10 ? 2 : 1)} ${units[i]}`;
}

/** Date and time in the reader's language, or the text as given if it is no date. */
export function formatDateTime(iso: string, lang: Lang): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A calendar date (`YYYY-MM-DD`) in the reader's language ("Dec 1, 2026" / "2026年12月1日"), or the text as given if it is no such date. */
export function formatDate(ymd: string, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!m) return ymd;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  if (d.getUTCMonth() !== +m[2] - 1) return ymd;
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

/**
 * A date as people type it → `YYYY-MM-DD`: "2026-05-01", "2026/5/1", "2026.5.1", "2026年5月1日"
 * and full-width digits; '' for empty; null for anything else or a day that does not exist.
 */
export function parseDateText(text: string): string | null {
  const s = text
    .replace(/[０-９]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .trim()
    .replace(/日$/, '');
  if (s === '') return '';
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})$/.exec(s);
  if (!m) return null;
  const [y, mo, d] = [+m[1], +m[2], +m[3]];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
