import { repo } from '../db/instances';
import { createLibraryStore } from './library';

export const useLibrary = createLibraryStore(repo);
