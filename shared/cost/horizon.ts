/** Hours in a billing month. */
export const HOURS_PER_MONTH = 730;

/**
 * The billing horizon and how the runs fill it: H = max(horizonMonths · 730 h, run hours); the
 * runs made in it, `runsPerMonth` · H/730 (one when not set, at least one), fill `busy` =
 * min(H, runs · run hours) hours, so `runs` = busy / run hours of them fit. Capacity paid for the
 * whole horizon (owned, or a reserved commitment) is shared by those runs: each carries its own
 * hours and 1/runs of the idle ones. One place for the costs (electron/costsim/money.ts) and the
 * budget they are held against (shared/model `horizonBudget`).
 */
export function horizonUse(horizonMonths: number, runsPerMonth: number | null, wallHours: number): { hours: number; busy: number; runs: number } {
  const hours = Math.max(horizonMonths * HOURS_PER_MONTH, wallHours);
  const wanted = runsPerMonth === null ? 1 : Math.max(1, (runsPerMonth * hours) / HOURS_PER_MONTH);
  const busy = Math.min(hours, wanted * wallHours);
  return { hours, busy, runs: wallHours > 0 ? busy / wallHours : 1 };
}
