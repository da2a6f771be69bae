/** The cost-evidence table's words, the same on screen (step 5) and in the reports, English. */
export const costEvidence = {
  title: 'Cost and throughput evidence',
  intro:
    'Each candidate’s full-scale run (the needs’ planned training steps and model size on the candidate’s scenario): as its pilot calibrated it in step 4, with the p10–p90 band from the fit’s uncertainty and the simulation’s sampling error, or, where no pilot was calibrated, the simulator’s uncalibrated estimate of the same run. Costs are in the workshop’s currency, against the budget for the run’s duration.',
  candidate: 'Candidate',
  source: 'Evidence',
  run: 'Full-scale run',
  step: 'Step time',
  wall: 'Run time',
  cost: 'Cost of the run',
  budgetForRun: 'Budget for the run',
  share: 'Cost ÷ budget',
  estimate: 'Uncalibrated estimate',
  stale: 'Stale',
  // Estimate region (issue 29): an uncalibrated estimate outside the region it was validated on.
  outsideTag: 'Outside the validated region',
  outside:
    '{{name}}: this uncalibrated estimate is outside the region the estimate was validated on ({{reasons}}), so it may be far from the full simulation. Run the full simulation in the candidate’s simulator, or calibrate a pilot in step 4, before relying on it.',
  region: {
    kvPressure: 'KV cache pressure: the cache during tool calls cannot hold the rollouts’ contexts',
    fewRolloutsPerEngine: 'fewer than {{n}} rollouts per inference engine',
    contextTruncation: 'most rollouts reach the context window',
    syncPartialRollout: 'partial rollout in synchronous mode',
    outsideGrid: 'model size, GPU count or type, turns, tool latency or context beyond the validated grid',
  },
  regionSep: '; ',
};
