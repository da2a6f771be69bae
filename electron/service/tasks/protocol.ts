import type { ContractErrorShape } from '../../../shared/contract/errors';

export interface WorkerRequest {
  id: number;
  task: string;
  input: unknown;
}
export type WorkerReply =
  { id: number; type: 'progress'; done: number } | { id: number; type: 'result'; output: unknown } | { id: number; type: 'error'; error: ContractErrorShape };
