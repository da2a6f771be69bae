import type { ScreenText, TextKeysOf } from '../i18n';

export type TimeKey = `time.${TextKeysOf<ScreenText['time']>}` | `time.month.${keyof ScreenText['time']['month']}`;
/** The i18n layer's `t`, as relativeTime needs it (plural `count`, plain values). */
type Translate = (key: TimeKey, values: Record<string, string | number>) => string;
/** January … December by `Date.getMonth()`. */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "3 minutes ago" in the UI language, from the strings in shared/i18n (common) (`time.*`). Not Intl:
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
  return t('time.date', { year: d.getFullYear(), month: t(`time.month.${MONTHS[d.getMonth()]}`, {}), day: d.getDate() });
}

/** Shares as percentages: the one formatter, shared with the reports. */
export { formatNumber, formatPercent } from '../../shared/format';
