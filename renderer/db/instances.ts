import { openDatabase } from './database';
import { WorkshopRepository } from './repository';

/** The renderer's database and its repository, opened once at start-up. */
export const db = openDatabase();
export const repo = new WorkshopRepository(db);
