import { ContractError } from '../../shared/contract/errors';
import type { SimResult, SimScenarioParsed } from '../../shared/contract/sim';
import { runScenario } from './run';
import { SimInputError } from './scenario';

/** Converts the engine's input errors into the contract's `invalid_request` (with the field's path). */
export function asContractError(err: unknown): unknown {
  if (err instanceof SimInputError)
    return new ContractError('invalid_request', `Invalid scenario: ${err.path}: ${err.message}`, [{ path: err.path, message: err.message }]);
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
