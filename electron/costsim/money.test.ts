import { describe, expect, it } from 'vitest';
import { simDefaults } from '../../shared/cost/schema';
import { GPU_CATALOGUE } from './gpus';
import { HOURS_PER_MONTH, costByArchetype } from './money';

const gpu = GPU_CATALOGUE['H100-SXM'];
const cost = (over: Partial<typeof simDefaults.cost> = {}) => ({ ...simDefaults.cost, ...over });

describe('money per archetype', () => {
  it('managed = GPU-hours × price + fee + storage for the run only', () => {
    const c = costByArchetype(cost({ gpuHourPrice: 2, platformFeePercent: 10, storageGB: 1000, storagePerGBMonth: 0.1 }), gpu, {
      gpus: 16,
      wallHours: 10,
      steps: 5,
    });
    expect(c.managed.breakdown.gpuHours).toBeCloseTo(320, 9);
    expect(c.managed.breakdown.platformFee).toBeCloseTo(32, 9);
    expect(c.managed.breakdown.storage).toBeCloseTo((1000 * 0.1 * 10) / HOURS_PER_MONTH, 9);
    expect(c.managed.perStep).toBeCloseTo(c.managed.total / 5, 9);
  });

  it('managed costs nothing between runs; self-built pays for idle capacity', () => {
    const run = { gpus: 16, wallHours: 24, steps: 10 };
    const one = costByArchetype(cost({ horizonMonths: 1 }), gpu, run);
    const three = costByArchetype(cost({ horizonMonths: 3 }), gpu, run);
    expect(one.managed.breakdown.idleCapacity).toBe(0);
    expect(three.managed.total).toBeCloseTo(one.managed.total, 9);
    expect(one['self-built'].breakdown.idleCapacity).toBeGreaterThan(0);
    expect(three['self-built'].total).toBeGreaterThan(one['self-built'].total * 2.5);
    // The run's own share does not depend on the horizon.
    expect(three['self-built'].run).toBeCloseTo(one['self-built'].run, 6);
  });

  it('self-built by hand: amortised hardware, power, datacentre, staff', () => {
    const c = cost({
      horizonMonths: 1,
      purchasePricePerGpu: 30_000,
      serverOverheadPercent: 0,
      amortisationMonths: 30,
      powerKwPerGpu: 1,
      pue: 1.5,
      electricityPerKwh: 0.1,
      idlePowerFraction: 0,
      datacentrePerGpuMonth: 100,
      opsStaffPerMonth: 7300,
    });
    const r = costByArchetype(c, gpu, { gpus: 10, wallHours: HOURS_PER_MONTH, steps: 1 })['self-built'];
    expect(r.breakdown.hardware).toBeCloseTo(10 * 1000, 6); // 30000/30 per GPU-month
    expect(r.breakdown.power).toBeCloseTo(10 * 1 * 1.5 * 0.1 * HOURS_PER_MONTH, 6);
    expect(r.breakdown.datacentre).toBeCloseTo(1000, 6);
    expect(r.breakdown.staff).toBeCloseTo(7300, 6);
    expect(r.breakdown.idleCapacity).toBeCloseTo(0, 6);
  });

  it('hybrid = owned base + cloud burst for the excess', () => {
    const c = costByArchetype(cost({ hybridOwnedGpus: 6, gpuHourPrice: 2, platformFeePercent: 0 }), gpu, { gpus: 16, wallHours: 10, steps: 1 });
    expect(c.hybrid.breakdown.cloudBurst).toBeCloseTo(10 * 10 * 2, 9);
    expect(c.hybrid.breakdown.hardware).toBeGreaterThan(0);
    expect(c.hybrid.breakdown.hardware).toBeLessThan(c['self-built'].breakdown.hardware);
  });

  it('reserved capacity is billed for its whole commitment, not only the run’s hours', () => {
    // 64 H100 at 3.00 $/GPU-h less 30 %: 2.10 $/GPU-h. A 14.7 h run within a one-month commitment:
    // the run's share 64 × 14.7 × 2.10 = 1,975.68 $, the month 64 × 730 × 2.10 = 98,112 $.
    const run = { gpus: 64, wallHours: 14.7, steps: 100 };
    const c = cost({ pricing: 'reserved', reservedDiscountPercent: 30, gpuHourPrice: 3, platformFeePercent: 0, storageGB: 0, horizonMonths: 1 });
    const m = costByArchetype(c, gpu, run).managed;
    expect(m.breakdown.gpuHours).toBeCloseTo(64 * 14.7 * 2.1, 6);
    expect(m.total).toBeCloseTo(64 * 730 * 2.1, 6);
    expect(m.breakdown.idleCapacity).toBeCloseTo(64 * (730 - 14.7) * 2.1, 6);
    expect(m.run).toBeCloseTo(64 * 14.7 * 2.1, 6);
    // Three months of commitment cost three months; on demand only the run is billed.
    expect(costByArchetype({ ...c, horizonMonths: 3 }, gpu, run).managed.total).toBeCloseTo(64 * 3 * 730 * 2.1, 6);
    expect(costByArchetype({ ...c, pricing: 'on-demand' }, gpu, run).managed.total).toBeCloseTo(64 * 14.7 * 3, 6);
    // A run longer than the commitment is billed for its own hours.
    expect(costByArchetype(c, gpu, { ...run, wallHours: 1000 }).managed.total).toBeCloseTo(64 * 1000 * 2.1, 6);
  });
});
