import type { Lang } from '../../shared/framework';

// Intl formatters are costly to build (a library of 1,000 rows would build 1,000): keep one per language.
const rtfCache = new Map<Lang, Intl.RelativeTimeFormat>();
const dateCache = new Map<Lang, Intl.DateTimeFormat>();
const pctCache = new Map<string, Intl.NumberFormat>();
const cached = <K, V>(map: Map<K, V>, key: K, make: () => V): V => {
  let v = map.get(key);
  if (!v) map.set(key, (v = make()));
  return v;
};

/** "3 minutes ago" in the UI language. */
export function relativeTime(ms: number, lang: Lang, now = Date.now()): string {
  const rtf = cached(rtfCache, lang, () => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' }));
  const s = Math.round((ms - now) / 1000);
  const abs = Math.abs(s);
  if (abs < 60) return rtf.format(s, 'second');
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(s / 86400), 'day');
  return cached(dateCache, lang, () => new Intl.DateTimeFormat(lang, { dateStyle: 'medium' })).format(ms);
}

export function formatPercent(x: number, lang: Lang, digits = 0): string {
  return cached(pctCache, `${lang}|${digits}`, () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: digits, minimumFractionDigits: digits })).format(x);
}
