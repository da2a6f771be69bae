/** The i18n layer's `t`, as relativeTime needs it (plural `count`, plain values). */
type Translate = (key: string, values: Record<string, string | number>) => string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "3 minutes ago" in the UI language, from the strings in common.ts (`time.*`). Not Intl:
 * the first Intl date or relative-time formatter a page builds loads locale data for
 * ~40 ms, which the library's first paint would pay. Older than 30 days: the date.
 */
export function relativeTime(ms: number, t: Translate, now = Date.now()): string {
  const ago = now - ms;
  if (ago < 45_000) return t('time.justNow', {}); // also a clock that is a little ahead
  if (ago < HOUR) return t('time.minutesAgo', { count: Math.max(1, Math.round(ago / MINUTE)) });
  if (ago < DAY) return t('time.hoursAgo', { count: Math.round(ago / HOUR) });
  const days = Math.round(ago / DAY);
  if (days < 2) return t('time.yesterday', {});
  if (days < 30) return t('time.daysAgo', { count: days });
  const d = new Date(ms);
  return t('time.date', { year: d.getFullYear(), month: t(`time.month.${d.getMonth()}`, {}), day: d.getDate() });
}

/** Shares as percentages: the one formatter, shared with the reports. */
export { formatPercent } from '../../shared/format';
