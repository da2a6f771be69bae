import type { reportMethods } from '../../shared/contract/report';
import type { HandlersFor } from './context';

export const reportHandlers: HandlersFor<typeof reportMethods> = {};
