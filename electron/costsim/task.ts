import { ContractError } from '../../shared/contract/errors';
import type { PilotRow, SimCalibration, SimResult, SimScenarioParsed } from '../../shared/cost/schema';
import { calibrate } from './calibrate';
import { runScenario } from './run';
import { SimInputError } from './scenario';

/** Converts the engine's input errors into the contract's `invalid_request` (with the field's path). */
export function asContractError(err: unknown): unknown {
  if (err instanceof SimInputError)
    return new ContractError('invalid_request', `Invalid scenario: ${err.path}: ${err.message}`, [
      { path: err.path, message: err.message, ...(err.code ? { code: err.code, params: err.params } : {}) },
    ]);
  return err;
}

/** The `simRun` worker task: one full discrete-event run. */
export function simRunTask(input: SimScenarioParsed, progress: (done: number) => void): SimResult {
  try {
    return runScenario(input, progress);
  } catch (err) {
    throw asContractError(err);
  }
}

/** The `simCalibrate` worker task: fit a pilot and project the full-scale run (calibrate.ts). */
export function simCalibrateTask(input: { pilot: SimScenarioParsed; rows: PilotRow[]; target: SimScenarioParsed }): SimCalibration {
  try {
    return calibrate(input.pilot, input.rows, input.target);
  } catch (err) {
    throw asContractError(err);
  }
}
