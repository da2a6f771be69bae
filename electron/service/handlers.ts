import type { MethodName } from '../../shared/contract';
import type { Handler } from './context';
import { appHandlers } from './app';
import { workshopHandlers } from './workshop';
import { engineHandlers } from './engine';
import { simHandlers } from './sim';
import { reportHandlers } from './report';
import { analysisHandlers } from './analysis';
import { sessionHandlers } from './session';
import { libraryHandlers } from './library';

/** One handler per contract method; the type makes a missing handler a compile error. */
export const handlers: { [M in MethodName]: Handler<M> } = {
  ...appHandlers,
  ...workshopHandlers,
  ...engineHandlers,
  ...simHandlers,
  ...reportHandlers,
  ...analysisHandlers,
  ...sessionHandlers,
  ...libraryHandlers,
};
