/** The participants' roles, the same in the room and in the reports, English. */
export const roles = {
  facilitator: 'Facilitator',
  'ml-engineer': 'ML engineer',
  'infra-sre': 'Infra / SRE',
  security: 'Security',
  finance: 'Finance',
  product: 'Product',
  other: 'Other',
};
