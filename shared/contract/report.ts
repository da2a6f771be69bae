// Contract methods of the report domain. Filled by its issue.
export const reportMethods = {};
