import type { Lang } from '../../../shared/framework';

/** Number formats of the simulator screen (money is USD: the simulator's prices are). */
const cache = new Map<string, Intl.NumberFormat>();
const nf = (lang: Lang, key: string, options: Intl.NumberFormatOptions) => {
  let f = cache.get(`${lang}|${key}`);
  if (!f) cache.set(`${lang}|${key}`, (f = new Intl.NumberFormat(lang, options)));
  return f;
};

export function formatUsd(x: number, lang: Lang): string {
  const digits = Math.abs(x) < 10 ? 2 : 0;
  return nf(lang, `usd${digits}`, { style: 'currency', currency: 'USD', maximumFractionDigits: digits, minimumFractionDigits: digits }).format(x);
}

/** Up to `digits` decimals, grouped. */
export function formatNumber(x: number, lang: Lang, digits = 1): string {
  return nf(lang, `n${digits}`, { maximumFractionDigits: digits }).format(x);
}

/** Short axis labels: 1.2K, 3M (zh-CN: 1.2万). */
export function formatCompact(x: number, lang: Lang): string {
  return nf(lang, 'compact', { notation: 'compact', maximumFractionDigits: 1 }).format(x);
}

export function formatPercent(x: number, lang: Lang, digits = 0): string {
  return nf(lang, `p${digits}`, { style: 'percent', maximumFractionDigits: digits, minimumFractionDigits: digits }).format(x);
}

/** A duration in the unit that reads best: seconds under 2 minutes, minutes under 2 hours, then hours, then days. */
export function formatDuration(seconds: number, lang: Lang): string {
  const unit = (value: number, u: 'second' | 'minute' | 'hour' | 'day', digits: number) =>
    nf(lang, `${u}${digits}`, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
  if (seconds < 120) return unit(seconds, 'second', seconds < 10 ? 2 : 1);
  if (seconds < 7200) return unit(seconds / 60, 'minute', 1);
  if (seconds < 172_800) return unit(seconds / 3600, 'hour', 1);
  return unit(seconds / 86_400, 'day', 1);
}

export const formatHours = (hours: number, lang: Lang) => formatDuration(hours * 3600, lang);

export function formatDateTime(iso: string, lang: Lang): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}
