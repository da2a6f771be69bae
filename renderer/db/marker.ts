import { nowIso } from '../../shared/model/ids';

/**
 * The library's marker, kept outside IndexedDB (in localStorage, which Chromium stores apart
 * from the IndexedDB files): the identity of the database this browser profile holds its library
 * in. A database opened with another identity (or created anew while a marker exists) means the
 * library was lost, and the app says so instead of starting over (repository `ensureFirstRun`).
 */
export interface LibraryMarker {
  identity: string;
  /** When this profile first kept this library (ISO). */
  since: string;
}

/** Where the marker is kept: the page's localStorage (a Map-backed stand-in in unit tests). */
export interface MarkerStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The page's localStorage, or null where there is none (no marker can be kept: a loss cannot be told). */
export function pageMarkers(): MarkerStore | null {
  try {
    return (globalThis as { localStorage?: MarkerStore }).localStorage ?? null;
  } catch {
    return null; // a browser set to refuse site data throws on access
  }
}

const key = (dbName: string) => `selection-workshop.library:${dbName}`;

/** The marker, or null where there is none or it cannot be read. */
export function readMarker(store: MarkerStore | null, dbName: string): LibraryMarker | null {
  try {
    const raw = store?.getItem(key(dbName));
    if (!raw) return null;
    const m = JSON.parse(raw) as Partial<LibraryMarker>;
    return typeof m.identity === 'string' && m.identity ? { identity: m.identity, since: typeof m.since === 'string' ? m.since : '' } : null;
  } catch {
    return null;
  }
}

/** Records the library's identity (keeping `since` while it stays the same). */
export function writeMarker(store: MarkerStore | null, dbName: string, identity: string): void {
  try {
    const old = readMarker(store, dbName);
    if (old?.identity === identity) return;
    store?.setItem(key(dbName), JSON.stringify({ identity, since: nowIso() } satisfies LibraryMarker));
  } catch {
    // localStorage full or disabled: the library works; a later loss could not be told
  }
}
