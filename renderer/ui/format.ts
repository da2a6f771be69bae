import type { Lang } from '../../shared/framework';

/** "3 minutes ago" in the UI language. */
export function relativeTime(ms: number, lang: Lang, now = Date.now()): string {
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const s = Math.round((ms - now) / 1000);
  const abs = Math.abs(s);
  if (abs < 60) return rtf.format(s, 'second');
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(s / 86400), 'day');
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(ms);
}

export function formatPercent(x: number, lang: Lang, digits = 0): string {
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: digits, minimumFractionDigits: digits }).format(x);
}
