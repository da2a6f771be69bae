import type { ArchetypeCost, CostBreakdown, GpuSpec, SimScenarioParsed } from '../../shared/cost/schema';

/** Hours in a billing month. */
export const HOURS_PER_MONTH = 730;

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
});

const finish = (b: CostBreakdown, steps: number): ArchetypeCost => {
  const total = b.hardware + b.power + b.datacentre + b.staff + b.idleCapacity + b.gpuHours + b.platformFee + b.storage + b.cloudBurst;
  const run = total - b.idleCapacity;
  return { total, run, perStep: run / steps, breakdown: b };
};

/**
 * Owned GPUs over the billing horizon H = max(horizonMonths · 730 h, run hours), USD:
 *   hardware   = G · price · (1 + serverOverhead) / amortisationMonths · H/730
 *   datacentre = G · datacentrePerGpuMonth · H/730
 *   staff      = opsStaffPerMonth · H/730
 *   power      = G · kW · PUE · $/kWh · runHours            (full power while the run goes)
 * The share (H − runHours)/H of hardware, datacentre and staff, plus idle power
 * G · kW · idlePowerFraction · PUE · $/kWh · (H − runHours), is reported as `idleCapacity`:
 * what owning costs while no run is going.
 */
export function ownedCost(c: SimScenarioParsed['cost'], gpu: GpuSpec, ownedGpus: number, wallHours: number): CostBreakdown {
  const b = zero();
  if (ownedGpus <= 0) return b;
  const H = Math.max(c.horizonMonths * HOURS_PER_MONTH, wallHours);
  const months = H / HOURS_PER_MONTH;
  const price = c.purchasePricePerGpu ?? gpu.purchasePrice;
  const kw = c.powerKwPerGpu ?? gpu.serverKwPerGpu;
  const hardware = ((ownedGpus * price * (1 + c.serverOverheadPercent / 100)) / c.amortisationMonths) * months;
  const datacentre = ownedGpus * c.datacentrePerGpuMonth * months;
  const staff = c.opsStaffPerMonth * months;
  const runShare = wallHours / H;
  const idleHours = H - wallHours;
  b.hardware = hardware * runShare;
  b.datacentre = datacentre * runShare;
  b.staff = staff * runShare;
  b.power = ownedGpus * kw * c.pue * c.electricityPerKwh * wallHours;
  b.idleCapacity = (hardware + datacentre + staff) * (1 - runShare) + ownedGpus * kw * c.idlePowerFraction * c.pue * c.electricityPerKwh * idleHours;
  return b;
}

/**
 * Price of a rented GPU-hour, USD: the on-demand price (scenario or catalogue) less the
 * reserved or spot discount. Spot interruptions are failures in the failure model.
 */
export function rentedGpuHourPrice(c: SimScenarioParsed['cost'], gpu: GpuSpec): number {
  const onDemand = c.gpuHourPrice ?? gpu.gpuHourPrice;
  const discount = c.pricing === 'reserved' ? c.reservedDiscountPercent : c.pricing === 'spot' ? c.spotDiscountPercent : 0;
  return onDemand * (1 - discount / 100);
}

/**
 * Rented GPUs, USD. On demand and spot: for the run only (scale to zero between runs).
 * Reserved: a commitment billed for the whole horizon H = max(horizonMonths · 730 h, run hours)
 * whether used or not; the hours beyond the run (and their fee) are reported as `idleCapacity`.
 *   gpuHours = G · runHours · $/GPU-hour (after the reserved/spot discount),  platformFee = fee% · gpuHours,
 *   idleCapacity (reserved) = G · (H − runHours) · $/GPU-hour · (1 + fee%),
 *   storage  = storageGB · $/GB-month · runHours/730.
 */
export function rentedCost(c: SimScenarioParsed['cost'], gpu: GpuSpec, gpus: number, wallHours: number, withStorage: boolean): CostBreakdown {
  const b = zero();
  const price = rentedGpuHourPrice(c, gpu);
  const fee = c.platformFeePercent / 100;
  b.gpuHours = gpus * wallHours * price;
  b.platformFee = b.gpuHours * fee;
  if (c.pricing === 'reserved') {
    const committedHours = Math.max(c.horizonMonths * HOURS_PER_MONTH, wallHours);
    b.idleCapacity = gpus * (committedHours - wallHours) * price * (1 + fee);
  }
  if (withStorage) b.storage = (c.storageGB * c.storagePerGBMonth * wallHours) / HOURS_PER_MONTH;
  return b;
}

/** Costs of one run under each archetype. Hybrid: owned base capacity + cloud burst for the excess GPUs during the run. */
export function costByArchetype(c: SimScenarioParsed['cost'], gpu: GpuSpec, u: RunUsage): Record<'self-built' | 'managed' | 'hybrid', ArchetypeCost> {
  const selfBuilt = ownedCost(c, gpu, u.gpus, u.wallHours);
  const managed = rentedCost(c, gpu, u.gpus, u.wallHours, true);
  const owned = Math.min(u.gpus, c.hybridOwnedGpus ?? Math.floor(u.gpus / 2));
  const hybrid = ownedCost(c, gpu, owned, u.wallHours);
  const burst = rentedCost(c, gpu, u.gpus - owned, u.wallHours, false);
  hybrid.cloudBurst = burst.gpuHours;
  hybrid.platformFee = burst.platformFee;
  hybrid.idleCapacity += burst.idleCapacity;
  return { 'self-built': finish(selfBuilt, u.steps), managed: finish(managed, u.steps), hybrid: finish(hybrid, u.steps) };
}
