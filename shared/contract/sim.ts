// Contract methods of the sim domain. Filled by its issue.
export const simMethods = {};
