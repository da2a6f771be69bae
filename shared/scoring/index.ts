/**
 * The weighted-sum scoring kernel: weight normalisation, group aggregation, ranking and the
 * workshop's evaluation. Pure TypeScript, shared by the Node side's decision engine (which
 * serves `engine.evaluate` and builds the heavier analyses — AHP, TOPSIS, sensitivity, SMAA —
 * on it) and the renderer, which runs the very same code for the evaluation room's live
 * what-if so that a slider drag is drawn in the frame of the input itself. A result that
 * comes back from another process always misses that frame; the Node side's answer follows
 * and is the one kept.
 */
export { evaluate, type EvaluateInput, type Evaluation } from './evaluate';
export { EngineInputError } from './errors';
export { valueOf, valueToScore, valueFunctionProblem, type ValueFunction } from './value-function';
