import { repo } from '../db/instances';
import { startAutosave } from '../store/autosave';
import { useLibrary } from '../store/instances';
import { createCopyKeeper } from '../api/library-copy';
import { copyCall } from '../api/copy-call';

/** The renderer's singletons, created once at start-up. */
export { db, repo } from '../db/instances';

/** Keeps the library's safety copy on the Node side as workshops are saved (shared/contract/library.ts). */
export const copyKeeper = createCopyKeeper((copyProblem) => {
  if (useLibrary.getState().copyProblem?.kind !== copyProblem?.kind) useLibrary.setState({ copyProblem });
}, copyCall);
repo.onSaved = (doc) => copyKeeper.keep(doc);

/** Saves the open workshop as it changes; resolves conflicts with other windows. */
export const autosave = startAutosave(repo);
