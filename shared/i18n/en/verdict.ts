/** The fragile-winner verdict's words, the same in the room (step 5) and in the reports, English. */
export const verdict = {
  fragileTag: 'Fragile winner',
  robustTag: 'Robust',
  fragile: (name: string) => `${name} leads, but the lead is fragile.`,
  robust: (name: string) => `${name} leads, and the lead holds up.`,
  lowAcceptability: (p: string, limit: string) => `It ranks first in only ${p} of the simulations (below ${limit}).`,
  smallChange: (criterion: string, change: string, name: string, limit: string) =>
    `Changing the weight of ${criterion} by ${change} pp would make ${name} the winner (under ${limit} pp).`,
  narrowMargin: (margin: string, limit: string) => `It leads the runner-up by ${margin} points of 100 (under ${limit}).`,
  incomplete: (coverage: string) => `Its total rests on scores covering only ${coverage} of the weight.`,
  criticalUp: (criterion: string, change: string, percent: string, name: string) =>
    `Most critical criterion: ${criterion} — ${change} pp more weight (${percent} of its weight) makes ${name} the winner.`,
  criticalDown: (criterion: string, change: string, percent: string, name: string) =>
    `Most critical criterion: ${criterion} — ${change} pp less weight (${percent} of its weight) makes ${name} the winner.`,
  noCritical: 'No single weight change can change the winner.',
  firstRank: (name: string, p: string) => `${name} ranks first in ${p} of the simulations.`,
  topsisAgrees: (name: string) => `TOPSIS agrees: ${name} also wins by closeness to the ideal.`,
  topsisDiffers: (name: string) => `TOPSIS disagrees: by closeness to the ideal, ${name} would win.`,
};
