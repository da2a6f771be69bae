import type { simMethods } from '../../shared/contract/sim';
import type { HandlersFor } from './context';

export const simHandlers: HandlersFor<typeof simMethods> = {};
