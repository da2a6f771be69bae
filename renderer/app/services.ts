import { openDatabase } from '../db/database';
import { WorkshopRepository } from '../db/repository';
import { startAutosave } from '../store/autosave';

/** The renderer's singletons, created once at start-up. */
export const db = openDatabase();
export const repo = new WorkshopRepository(db);

/** Saves the open workshop as it changes; resolves conflicts with other windows. */
export const autosave = startAutosave(repo);
