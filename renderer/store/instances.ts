import { repo } from '../app/services';
import { createLibraryStore } from './library';

export const useLibrary = createLibraryStore(repo);
