import type { Widen } from '../types';
import type { roles as en } from '../en/roles';

/** The participants' roles, Chinese. */
export const roles: Widen<typeof en> = {
  facilitator: '主持人',
  'ml-engineer': '算法工程师',
  'infra-sre': '基础设施 / SRE',
  security: '安全',
  finance: '财务',
  product: '产品',
  other: '其他',
};
