import { openDatabase } from '../db/database';
import { WorkshopRepository } from '../db/repository';

/** The renderer's singletons, created once at start-up. */
export const db = openDatabase();
export const repo = new WorkshopRepository(db);
