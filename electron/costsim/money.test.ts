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

describe('owning vs renting over a month', () => {
  const base = cost({
    horizonMonths: 1,
    purchasePricePerGpu: 36_500,
    serverOverheadPercent: 0,
    amortisationMonths: 36.5,
    powerKwPerGpu: 1,
    pue: 1,
    electricityPerKwh: 0.1,
    idlePowerFraction: 0.5,
    datacentrePerGpuMonth: 0,
    opsStaffPerMonth: 0,
  });
  // 16 owned GPUs: hardware 16 × 36,500 / 36.5 = 16,000 $ a month; power 1.6 $/h at full load, 0.8 $/h idle.
  const run = { gpus: 16, wallHours: 73, steps: 10 };

  it('runs per month share the owned capacity: idle hours fall as the fleet fills', () => {
    const alone = costByArchetype(base, gpu, run)['self-built'];
    const five = costByArchetype({ ...base, runsPerMonth: 5 }, gpu, run)['self-built'];
    const ten = costByArchetype({ ...base, runsPerMonth: 10 }, gpu, run)['self-built'];
    // One run alone: the month's hardware, 730 − 73 h of idle power.
    expect(alone.total).toBeCloseTo(16_000 + 1.6 * 73 + 0.8 * 657, 6);
    // Five runs of 73 h fill 365 h: each carries a fifth of the month's hardware and of the 365 idle hours' power.
    expect(five.run).toBeCloseTo(alone.run, 9);
    expect(five.breakdown.idleCapacity).toBeCloseTo((16_000 * (365 / 730) + 0.8 * 365) / 5, 6);
    expect(five.total * 5).toBeCloseTo(16_000 + 1.6 * 365 + 0.8 * 365, 6);
    // Ten runs fill the month: nothing idle. Twenty cannot fit: the month holds ten.
    expect(ten.breakdown.idleCapacity).toBeCloseTo(0, 9);
    expect(costByArchetype({ ...base, runsPerMonth: 20 }, gpu, run)['self-built'].total).toBeCloseTo(ten.total, 9);
  });

  it('a reserved commitment is shared by the runs made on it', () => {
    const c = { ...base, pricing: 'reserved' as const, reservedDiscountPercent: 0, gpuHourPrice: 2, platformFeePercent: 0, storageGB: 0 };
    const four = costByArchetype({ ...c, runsPerMonth: 4 }, gpu, run).managed;
    // 4 × 73 = 292 h used of 730 committed: the 438 idle hours shared by four runs.
    expect(four.breakdown.gpuHours).toBeCloseTo(16 * 73 * 2, 9);
    expect(four.breakdown.idleCapacity).toBeCloseTo((16 * 438 * 2) / 4, 6);
    expect(four.total * 4).toBeCloseTo(16 * 730 * 2, 6);
    // On demand nothing is committed, so the number of runs changes nothing.
    const od = { ...c, pricing: 'on-demand' as const };
    expect(costByArchetype({ ...od, runsPerMonth: 4 }, gpu, run).managed.total).toBeCloseTo(costByArchetype(od, gpu, run).managed.total, 9);
  });

  it('operations staff grows with the owned cluster when GPUs per engineer is set', () => {
    const c = { ...base, purchasePricePerGpu: 0, powerKwPerGpu: 0, opsStaffPerMonth: 15_000, opsGpusPerEngineer: 32 };
    const month = { steps: 1, wallHours: HOURS_PER_MONTH };
    expect(costByArchetype(c, gpu, { ...month, gpus: 100 })['self-built'].breakdown.staff).toBeCloseTo(4 * 15_000, 6); // ⌈100/32⌉ = 4
    expect(costByArchetype(c, gpu, { ...month, gpus: 16 })['self-built'].breakdown.staff).toBeCloseTo(15_000, 6);
    // Hybrid owns 40 of 100: two engineers.
    expect(costByArchetype({ ...c, hybridOwnedGpus: 40 }, gpu, { ...month, gpus: 100 }).hybrid.breakdown.staff).toBeCloseTo(2 * 15_000, 6);
    // Without it, the staff cost is the team's, whatever the size.
    expect(costByArchetype({ ...c, opsGpusPerEngineer: null }, gpu, { ...month, gpus: 100 })['self-built'].breakdown.staff).toBeCloseTo(15_000, 6);
  });

  it('the sandbox CPU fleet is paid by every archetype; egress by what runs in the cloud', () => {
    const c = { ...base, sandboxVcpus: 512, vcpuHourPrice: 0.05, egressGB: 2000, egressPerGB: 0.09, hybridOwnedGpus: 12 };
    const r = costByArchetype(c, gpu, { gpus: 16, wallHours: 10, steps: 1 });
    for (const a of ['self-built', 'managed', 'hybrid'] as const) expect(r[a].breakdown.sandboxCpu).toBeCloseTo(512 * 0.05 * 10, 9);
    expect(r.managed.breakdown.egress).toBeCloseTo(2000 * 0.09, 9);
    expect(r.hybrid.breakdown.egress).toBeCloseTo(2000 * 0.09 * (4 / 16), 9); // the burst's share of the GPUs
    expect(r['self-built'].breakdown.egress).toBe(0);
    expect(r.managed.total).toBeCloseTo(
      Object.values(r.managed.breakdown).reduce((s, v) => s + v, 0),
      9,
    );
  });

  it('checkpoints kept after the run are billed for the months they are kept', () => {
    const c = { ...base, storageGB: 1000, storagePerGBMonth: 0.1, checkpointRetentionMonths: 3 };
    const m = costByArchetype(c, gpu, { gpus: 16, wallHours: 73, steps: 1 }).managed;
    expect(m.breakdown.storage).toBeCloseTo(1000 * 0.1 * (73 / HOURS_PER_MONTH + 3), 9);
  });
});
