/**
 * Pure CPU-heavy functions that may run on worker threads. Each task takes a
 * structured-clonable input and a progress callback (fraction 0..1) and returns a
 * structured-clonable output. Only pure code (engine/, costsim/) may be imported here:
 * this module is loaded inside every worker.
 */
import { simCalibrateTask, simRunTask } from '../../costsim/task';
import { smaaShard } from '../../engine/smaa';

export type TaskFn<I = never, O = unknown> = (input: I, progress: (done: number) => void) => O;

export const taskRegistry = {
  simRun: simRunTask,
  simCalibrate: simCalibrateTask,
  smaaShard,
  // Filled by domains: e.g. smaaShard, simRun. Keep entries pure.
} satisfies Record<string, TaskFn<never, unknown>>;

export type TaskRegistry = typeof taskRegistry;
export type TaskName = keyof TaskRegistry;
export type TaskInput<T extends TaskName> = Parameters<TaskRegistry[T]>[0];
export type TaskOutput<T extends TaskName> = ReturnType<TaskRegistry[T]>;
