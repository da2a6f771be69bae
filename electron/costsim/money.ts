import { HOURS_PER_MONTH, horizonUse as use } from '../../shared/cost/horizon';
import type { ArchetypeCost, CostBreakdown, GpuSpec, SimScenarioParsed } from '../../shared/cost/schema';

export { HOURS_PER_MONTH } from '../../shared/cost/horizon';

type Cost = SimScenarioParsed['cost'];

export interface RunUsage {
  /** GPUs the run occupies. */
  gpus: number;
  /** Wall-clock hours of the run. */
  wallHours: number;
  steps: number;
}

const zero = (): CostBreakdown => ({
  hardware: 0,
  power: 0,
  datacentre: 0,
  staff: 0,
  idleCapacity: 0,
  gpuHours: 0,
  platformFee: 0,
  storage: 0,
  cloudBurst: 0,
  sandboxCpu: 0,
  egress: 0,
});

const finish = (b: CostBreakdown, steps: number): ArchetypeCost => {
  const total = Object.values(b).reduce((sum, v) => sum + v, 0);
  const run = total - b.idleCapacity;
  return { total, run, perStep: run / steps, breakdown: b };
};

/** How the runs fill the billing horizon (shared/cost/horizon.ts). */
const horizonUse = (c: Cost, wallHours: number) => use(c.horizonMonths, c.runsPerMonth, wallHours);

/** Operations staff for `ownedGpus` GPUs, USD a month: the team's cost, or one engineer's × ⌈GPUs / GPUs per engineer⌉. */
export function opsStaffPerMonth(c: Cost, ownedGpus: number): number {
  return c.opsGpusPerEngineer === null ? c.opsStaffPerMonth : c.opsStaffPerMonth * Math.ceil(ownedGpus / c.opsGpusPerEngineer);
}

/**
 * Owned GPUs, one run's share, USD. Over the horizon H (`horizonUse`):
 *   hardware   = G · price · (1 + serverOverhead) / amortisationMonths · H/730
 *   datacentre = G · datacentrePerGpuMonth · H/730
 *   staff      = opsStaffPerMonth(G) · H/730
 *   power      = G · kW · PUE · $/kWh · runHours            (full power while the run goes)
 * The run carries runHours/H of hardware, datacentre and staff; the idle hours' share
 * (H − busy)/H of them, plus idle power G · kW · idlePowerFraction · PUE · $/kWh · (H − busy),
 * divided among the runs that fit, is reported as `idleCapacity`: what owning costs while no run is going.
 */
export function ownedCost(c: Cost, gpu: GpuSpec, ownedGpus: number, wallHours: number): CostBreakdown {
  const b = zero();
  if (ownedGpus <= 0) return b;
  const { hours: H, busy, runs } = horizonUse(c, wallHours);
  const months = H / HOURS_PER_MONTH;
  const price = c.purchasePricePerGpu ?? gpu.purchasePrice;
  const kw = c.powerKwPerGpu ?? gpu.serverKwPerGpu;
  const hardware = ((ownedGpus * price * (1 + c.serverOverheadPercent / 100)) / c.amortisationMonths) * months;
  const datacentre = ownedGpus * c.datacentrePerGpuMonth * months;
  const staff = opsStaffPerMonth(c, ownedGpus) * months;
  const runShare = wallHours / H;
  const idleHours = H - busy;
  b.hardware = hardware * runShare;
  b.datacentre = datacentre * runShare;
  b.staff = staff * runShare;
  b.power = ownedGpus * kw * c.pue * c.electricityPerKwh * wallHours;
  b.idleCapacity = ((hardware + datacentre + staff) * (idleHours / H) + ownedGpus * kw * c.idlePowerFraction * c.pue * c.electricityPerKwh * idleHours) / runs;
  return b;
}

/**
 * Price of a rented GPU-hour, USD: the on-demand price (scenario or catalogue) less the
 * reserved or spot discount. Spot interruptions are failures in the failure model.
 */
export function rentedGpuHourPrice(c: Cost, gpu: GpuSpec): number {
  const onDemand = c.gpuHourPrice ?? gpu.gpuHourPrice;
  const discount = c.pricing === 'reserved' ? c.reservedDiscountPercent : c.pricing === 'spot' ? c.spotDiscountPercent : 0;
  return onDemand * (1 - discount / 100);
}

/**
 * Rented GPUs, one run's share, USD. On demand and spot: for the run only (scale to zero between
 * runs). Reserved: a commitment billed for the whole horizon H whether used or not; the hours no
 * run uses (and their fee), divided among the runs that fit (`horizonUse`), are `idleCapacity`.
 *   gpuHours = G · runHours · $/GPU-hour (after the reserved/spot discount),  platformFee = fee% · gpuHours,
 *   idleCapacity (reserved) = G · (H − busy) · $/GPU-hour · (1 + fee%) / runs,
 *   storage  = storageGB · $/GB-month · (runHours/730 + checkpointRetentionMonths).
 */
export function rentedCost(c: Cost, gpu: GpuSpec, gpus: number, wallHours: number, withStorage: boolean): CostBreakdown {
  const b = zero();
  const price = rentedGpuHourPrice(c, gpu);
  const fee = c.platformFeePercent / 100;
  b.gpuHours = gpus * wallHours * price;
  b.platformFee = b.gpuHours * fee;
  if (c.pricing === 'reserved') {
    const { hours, busy, runs } = horizonUse(c, wallHours);
    b.idleCapacity = (gpus * (hours - busy) * price * (1 + fee)) / runs;
  }
  if (withStorage) b.storage = c.storageGB * c.storagePerGBMonth * (wallHours / HOURS_PER_MONTH + c.checkpointRetentionMonths);
  return b;
}

/**
 * Costs of one run under each archetype. Hybrid: owned base capacity + cloud burst for the excess
 * GPUs during the run. Every archetype pays the sandbox CPU fleet while the run goes
 * (vCPUs · $/vCPU-hour · runHours); egress (GB · $/GB) is paid by what runs in the cloud: all of
 * it for managed, the burst's share of the GPUs for hybrid, none for self-built.
 */
export function costByArchetype(c: Cost, gpu: GpuSpec, u: RunUsage): Record<'self-built' | 'managed' | 'hybrid', ArchetypeCost> {
  const selfBuilt = ownedCost(c, gpu, u.gpus, u.wallHours);
  const managed = rentedCost(c, gpu, u.gpus, u.wallHours, true);
  const owned = Math.min(u.gpus, c.hybridOwnedGpus ?? Math.floor(u.gpus / 2));
  const hybrid = ownedCost(c, gpu, owned, u.wallHours);
  const burst = rentedCost(c, gpu, u.gpus - owned, u.wallHours, false);
  hybrid.cloudBurst = burst.gpuHours;
  hybrid.platformFee = burst.platformFee;
  hybrid.idleCapacity += burst.idleCapacity;
  const sandboxCpu = c.sandboxVcpus * c.vcpuHourPrice * u.wallHours;
  const egress = c.egressGB * c.egressPerGB;
  for (const b of [selfBuilt, managed, hybrid]) b.sandboxCpu = sandboxCpu;
  managed.egress = egress;
  hybrid.egress = u.gpus > 0 ? (egress * (u.gpus - owned)) / u.gpus : 0;
  return { 'self-built': finish(selfBuilt, u.steps), managed: finish(managed, u.steps), hybrid: finish(hybrid, u.steps) };
}
