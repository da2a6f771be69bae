import { templateDoc, type CreateOptions } from './template';
import { WorkshopDocSchema, type WorkshopDoc } from './schema';

export { createSampleWorkshop, type CreateOptions } from './template';

/** A new workshop from the built-in framework template (seed §二–§八), its title validated. */
export function createWorkshop(options: CreateOptions): WorkshopDoc {
  return WorkshopDocSchema.parse(templateDoc(options));
}
