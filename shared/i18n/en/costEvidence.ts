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
};
