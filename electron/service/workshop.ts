import { ContractError } from '../../shared/contract/errors';
import type { workshopMethods } from '../../shared/contract/workshop';
import { createSampleWorkshop, createWorkshop, migrate } from '../../shared/model';
import type { HandlersFor } from './context';

export const workshopHandlers: HandlersFor<typeof workshopMethods> = {
  'workshop.create': ({ title, lang }) => createWorkshop({ title, lang }),
  'workshop.sample': ({ lang }) => createSampleWorkshop(lang),
  'workshop.validate': (input) => {
    const result = migrate(input);
    if (!result.ok) throw new ContractError('invalid_document', result.message, result.issues, result.reason);
    return result.doc;
  },
};
