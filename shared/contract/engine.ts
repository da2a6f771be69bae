// Contract methods of the engine domain. Filled by its issue.
export const engineMethods = {};
