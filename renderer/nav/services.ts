import { repo } from '../db/instances';
import { startAutosave } from '../store/autosave';

/** The renderer's singletons, created once at start-up. */
export { db, repo } from '../db/instances';

/** Saves the open workshop as it changes; resolves conflicts with other windows. */
export const autosave = startAutosave(repo);
