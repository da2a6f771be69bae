/** The simulator's figures use the app's one set of formatters (shared/format.ts, also used by the reports). */
export { formatCompact, formatDateTime, formatDuration, formatHours, formatMoney, formatNumber, formatPercent } from '../../shared/format';
