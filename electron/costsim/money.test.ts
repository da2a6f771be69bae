import { describe, expect, it } from 'vitest';
import { simDefaults } from '../../shared/contract/sim';
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
});
