import type { engineMethods } from '../../shared/contract/engine';
import type { HandlersFor } from './context';

export const engineHandlers: HandlersFor<typeof engineMethods> = {};
