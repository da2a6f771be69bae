import { answeredPairs } from './answered-pairs';
import { confirmedRecords } from './confirmed-records';
import { currency } from './currency';
import { pairwiseRatings } from './pairwise-ratings';
import { pilotCalibration } from './pilot-calibration';
import { pilotRowGpus } from './pilot-row-gpus';
import { simulationTyped } from './simulation-typed';
import { singleNames } from './single-names';
import type { Migration } from './types';
import { weightsProvenance } from './weights-provenance';
import { decisionSnapshot } from './decision-snapshot';
import { roundHistory } from './round-history';
import { criteriaHierarchy } from './criteria-hierarchy';
import { nodeJudgments } from './node-judgments';
import { leafScores } from './leaf-scores';
import { leafRationale } from './leaf-rationale';
import { roundChangeLeaves } from './round-change-leaves';

export type { Migration };

/**
 * The workshop document's migration chain. `MIGRATIONS[i]` turns a plain document of schema
 * version `i + 1` into one of version `i + 2`; the current version is one more than the
 * number of migrations. Released entries are never edited: a change to the document adds
 * one file beside this one (a pure function on plain JSON, no zod, no imports of the
 * schema — a migration must keep working after the schema moves on) and appends it here.
 */
export const MIGRATIONS: readonly Migration[] = [
  singleNames,
  weightsProvenance,
  simulationTyped,
  confirmedRecords,
  answeredPairs,
  currency,
  pairwiseRatings,
  pilotCalibration,
  pilotRowGpus,
  decisionSnapshot,
  roundHistory,
  criteriaHierarchy,
  nodeJudgments,
  leafScores,
  leafRationale,
  roundChangeLeaves,
];
