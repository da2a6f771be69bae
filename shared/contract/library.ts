import { z } from 'zod';
import { defineMethod } from './define';
import { DateTimeSchema, IdSchema } from '../model/schema';

/**
 * The library's safety copy (`library.*`): every saved workshop is also written, as stored JSON,
 * to a folder of the Node side (the app's data folder), outside the browser's IndexedDB. When
 * IndexedDB loses the library (Chromium drops a database it finds corrupt after a crash or a
 * power cut, or its files are removed), the app says so and restores the workshops from here.
 * The Node side keeps the text as sent; it is validated as a document (migrated, schema-checked)
 * when it is restored, like an imported file.
 */
export const COPY_LIMITS = {
  /** Largest stored document, characters of JSON. */
  docChars: 32 * 1024 * 1024,
  /** Most workshops kept. */
  workshops: 10_000,
} as const;

const workshopId = () => IdSchema;
const updatedAt = () => DateTimeSchema;

export const KeptSchema = z.strictObject({
  workshopId: workshopId(),
  /** The document's own `updatedAt` when it was kept. */
  updatedAt: updatedAt(),
  /** The title, for the list the user restores from. */
  title: z.string().max(1000),
  /** When the Node side wrote it (ISO). */
  keptAt: updatedAt(),
  /** Characters of the stored JSON. */
  chars: z.number().int().min(0),
});
export type Kept = z.infer<typeof KeptSchema>;

export const libraryMethods = {
  'library.keep': defineMethod({
    name: 'library.keep',
    summary:
      'Keeps a saved workshop in the safety copy (atomically: the previous copy stays whole until the new one is on disk). { workshopId, updatedAt, title, doc: the stored JSON } → kept. A copy newer than the one sent is kept, not overwritten.',
    request: z.strictObject({
      workshopId: workshopId(),
      updatedAt: updatedAt(),
      title: z.string().max(1000),
      doc: z.string().min(2).max(COPY_LIMITS.docChars, `must be at most ${COPY_LIMITS.docChars} characters`),
    }),
    response: KeptSchema,
  }),
  'library.kept': defineMethod({
    name: 'library.kept',
    summary:
      'Every workshop in the safety copy (without the documents), most recently changed first, and the files that cannot be read (named by the workshop id they were kept under, else the file name).',
    request: z.strictObject({}),
    response: z.strictObject({
      kept: z.array(KeptSchema).max(COPY_LIMITS.workshops),
      unreadable: z.array(z.string().max(200)).max(COPY_LIMITS.workshops),
    }),
  }),
  'library.copyOf': defineMethod({
    name: 'library.copyOf',
    summary: 'One workshop’s kept document (the stored JSON, to be validated as an import is). Refuses (invalid_request) when none is kept.',
    request: z.strictObject({ workshopId: workshopId() }),
    response: z.strictObject({ workshopId: workshopId(), updatedAt: updatedAt(), doc: z.string() }),
  }),
  'library.drop': defineMethod({
    name: 'library.drop',
    summary: 'Workshops deleted for good leave the safety copy. { workshopIds } → how many copies were removed.',
    request: z.strictObject({ workshopIds: z.array(workshopId()).max(COPY_LIMITS.workshops) }),
    response: z.strictObject({ removed: z.number().int().min(0) }),
  }),
};
