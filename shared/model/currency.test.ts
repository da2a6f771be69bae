import { describe, expect, it } from 'vitest';
import { createWorkshop } from './create';
import { budgetCheck, formatCost, fromUsd, monthlyBudget, rateText, toUsd } from './currency';
import { formatMoney } from '../format';
import { DEFAULT_CNY_PER_USD } from './migrations/currency';
import { horizonBudget } from './simulation';

const doc = (budget: unknown, budgetCurrency: unknown, code: 'CNY' | 'USD', cnyPerUsd = 7.2) => ({
  needs: { answers: { budget, budgetCurrency } as unknown as Record<string, string | number | null>, notes: '' },
  currency: { code, cnyPerUsd },
});

describe('workshop currency', () => {
  it('converts at the team’s rate', () => {
    expect(toUsd(720, 'CNY', { cnyPerUsd: 7.2 })).toBeCloseTo(100, 12);
    expect(toUsd(720, 'USD', { cnyPerUsd: 7.2 })).toBe(720);
    expect(fromUsd(100, { code: 'CNY', cnyPerUsd: 7.2 })).toBeCloseTo(720, 12);
    expect(fromUsd(100, { code: 'USD', cnyPerUsd: 7.2 })).toBe(100);
  });

  it('states the monthly budget in the workshop’s currency, whatever currency it was asked in', () => {
    expect(monthlyBudget(doc(720_000, 'CNY', 'USD'))).toBeCloseTo(100_000, 9);
    expect(monthlyBudget(doc(100_000, 'USD', 'CNY'))).toBeCloseTo(720_000, 9);
    // No currency recorded: the budget is in the workshop's currency.
    expect(monthlyBudget(doc(50_000, undefined, 'CNY'))).toBe(50_000);
    expect(monthlyBudget(doc(null, 'CNY', 'CNY'))).toBeNull();
    expect(monthlyBudget(doc(0, 'CNY', 'CNY'))).toBeNull();
  });

  it('puts a run against the budget: budget per month × the run’s months, and the monthly run rate', () => {
    // 10,000 USD over 365 h (half a month) in a CNY workshop at 7.2, budget 100,000 CNY per month.
    const c = budgetCheck(doc(100_000, 'CNY', 'CNY'), 10_000, 365);
    expect(c.cost).toBeCloseTo(72_000, 9);
    expect(c.months).toBeCloseTo(0.5, 12);
    expect(c.monthlyRate).toBeCloseTo(144_000, 9);
    expect(c.budgetForRun).toBeCloseTo(50_000, 9);
    expect(c.share).toBeCloseTo(1.44, 12);
    const none = budgetCheck(doc(null, null, 'USD'), 10_000, 365);
    expect(none.budgetForRun).toBeNull();
    expect(none.share).toBeNull();
  });
});

describe('a new workshop’s currency', () => {
  it('follows the workshop’s language: yuan at the stated default rate in zh-CN, dollars in en', () => {
    expect(createWorkshop({ title: '选型', lang: 'zh-CN' }).currency).toEqual({ code: 'CNY', cnyPerUsd: DEFAULT_CNY_PER_USD });
    expect(createWorkshop({ title: 'Choice', lang: 'en' }).currency).toEqual({ code: 'USD', cnyPerUsd: DEFAULT_CNY_PER_USD });
  });
});

describe('the budget line of a cost chart (horizonBudget)', () => {
  const result = (horizonMonths: number, wallHours: number, runsPerMonth?: number) =>
    ({
      assumptions: [
        { path: 'cost.horizonMonths', value: horizonMonths },
        ...(runsPerMonth === undefined ? [] : [{ path: 'cost.runsPerMonth', value: runsPerMonth }]),
      ],
      totals: { wallHours },
    }) as unknown as Parameters<typeof horizonBudget>[1];
  it('covers the billing horizon the costs cover: max(horizon months, the run’s months)', () => {
    const d = doc(100_000, 'CNY', 'CNY');
    // A 365 h run within a 3-month horizon: owned GPUs are paid for 3 months, so is the line.
    expect(horizonBudget(d, result(3, 365))).toEqual({ perMonth: 100_000, months: 3, runs: 1, line: 300_000 });
    // A run of 1460 h (2 months) beyond a 1-month horizon: the costs cover the 2 months of the run.
    expect(horizonBudget(d, result(1, 1460))).toEqual({ perMonth: 100_000, months: 2, runs: 1, line: 200_000 });
    expect(horizonBudget(doc(null, 'CNY', 'CNY'), result(3, 365))).toBeNull();
  });

  it('is shared like the costs when several runs a month share the capacity', () => {
    const d = doc(100_000, 'CNY', 'CNY');
    // Four 73 h runs a month over a 1-month horizon: each run's cost carries a quarter of the month, so does its line.
    expect(horizonBudget(d, result(1, 73, 4))).toEqual({ perMonth: 100_000, months: 1, runs: 4, line: 25_000 });
    // Twenty a month do not fit: 730 h hold ten runs of 73 h.
    expect(horizonBudget(d, result(1, 73, 20))).toEqual({ perMonth: 100_000, months: 1, runs: 10, line: 10_000 });
  });
});

describe('the exchange rate shown beside converted amounts', () => {
  const base = createWorkshop({ title: 'R', lang: 'en', id: 'w1', now: '2026-03-01T09:00:00.000Z' });
  const withBudget = (code: 'USD' | 'CNY', budgetCurrency: 'USD' | 'CNY') => ({
    ...base,
    currency: { code, cnyPerUsd: 7.25 },
    needs: { ...base.needs, answers: { budget: 100_000, budgetCurrency } },
  });
  it('is shown whenever something is converted: costs in yuan, or a budget in yuan in a dollar workshop', () => {
    expect(rateText(withBudget('USD', 'USD'), 'en')).toBeNull();
    expect(rateText(withBudget('CNY', 'CNY'), 'en')).toBe(`${formatMoney(1, 'USD', 'en')} = ${formatMoney(7.25, 'CNY', 'en')}`);
    expect(rateText(withBudget('USD', 'CNY'), 'zh-CN')).toBe(`${formatMoney(1, 'USD', 'zh-CN')} = ${formatMoney(7.25, 'CNY', 'zh-CN')}`);
    expect(formatCost(100, withBudget('CNY', 'CNY').currency, 'en')).toBe(formatMoney(725, 'CNY', 'en'));
  });
});
