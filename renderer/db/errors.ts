/**
 * IndexedDB failures sorted into what the user can do about them. The UI words each kind
 * (i18n key `storage.<kind>`) with the remedy; the raw message is kept as detail.
 */
export type StorageProblem = 'quota' | 'opening' | 'blocked' | 'unavailable' | 'other';

export function storageProblem(err: unknown): StorageProblem {
  const e = err as { name?: string; message?: string; inner?: { name?: string } } | null;
  const names = `${e?.name ?? ''} ${e?.inner?.name ?? ''}`;
  const message = e?.message ?? String(err);
  // A full disk as Chromium words it: "Encountered full disk while …", "… not enough space for domain",
  // LevelDB's "FILE_ERROR_NO_SPACE", or the OS's ENOSPC / "No space left on device".
  if (/Quota/i.test(names) || /quota|disk (is )?full|full disk|no[_ ]space|not enough space|ENOSPC/i.test(message)) return 'quota';
  // Chromium could not open the database's files (held by a process of the app still closing after
  // a crash, a backup or antivirus program, a slow disk): passing, so the app opens it again later.
  if (/opening backing store|backing store .*open/i.test(message)) return 'opening';
  // Dexie wraps an open failure in DatabaseClosedError: look at the cause first.
  if (/MissingAPI|InvalidState|Security|NotAllowed/i.test(names) || /MissingAPI|indexedDB (API )?(missing|not found|unavailable)|private/i.test(message))
    return 'unavailable';
  if (/Version|Blocked|DatabaseClosed/i.test(names) || /blocked|version change/i.test(message)) return 'blocked';
  return 'other';
}

/** The problem as a translatable message: `{ key, detail }`. */
export function storageMessage(err: unknown): { key: `storage.${StorageProblem}`; detail: string } {
  return { key: `storage.${storageProblem(err)}`, detail: (err as Error)?.message ?? String(err) };
}
