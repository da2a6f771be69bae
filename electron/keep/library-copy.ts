import { open, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { ContractError } from '../../shared/contract/errors';
import { COPY_LIMITS, type Kept } from '../../shared/contract/library';
import { syncDir, writeAtomic } from '../session/journal';

/** The first line of a kept file: what `list` reads without the document. */
interface Head {
  workshopId: string;
  updatedAt: string;
  title: string;
  keptAt: string;
  chars: number;
}

/** A workshop id as a file name: base64url, so no id ("..", "a:b") can name another path or be invalid on Windows. */
const fileName = (workshopId: string) => `${Buffer.from(workshopId, 'utf8').toString('base64url')}.json`;
/** The workshop id a file was kept under (the name decoded), or the file name when it is not one of ours. */
function idOfFile(name: string): string {
  const stem = name.slice(0, -'.json'.length);
  const id = Buffer.from(stem, 'base64url').toString('utf8');
  return /^[A-Za-z0-9._:-]{1,100}$/.test(id) && fileName(id) === name ? id : name.slice(0, 200);
}
/** Longest head line read back (title ≤ 1000 characters, at most 4 bytes each, plus the fields). */
const HEAD_BYTES = 8 * 1024;

/**
 * The library's safety copy on the Node side (see shared/contract/library.ts): one file per
 * workshop in `dir`, a JSON head line then the stored document, written atomically (temp file,
 * fsync, rename, fsync of the folder) so a crash leaves the previous copy or the new one, never a
 * torn one. Writes of one workshop are serialised; an older `updatedAt` never replaces a newer copy.
 */
export class LibraryCopy {
  private readonly queues = new Map<string, Promise<unknown>>();

  /** `maxWorkshops`: the most workshops kept (a new one beyond it is refused, `too_large`). */
  constructor(
    readonly dir: string,
    private readonly maxWorkshops: number = COPY_LIMITS.workshops,
  ) {}

  keep(req: { workshopId: string; updatedAt: string; title: string; doc: string }): Promise<Kept> {
    const prev = this.queues.get(req.workshopId) ?? Promise.resolve();
    const next = prev.catch(() => undefined).then(() => this.write(req));
    this.queues.set(req.workshopId, next);
    void next
      .finally(() => {
        if (this.queues.get(req.workshopId) === next) this.queues.delete(req.workshopId);
      })
      .catch(() => undefined);
    return next;
  }

  private async write({ workshopId, updatedAt, title, doc }: { workshopId: string; updatedAt: string; title: string; doc: string }): Promise<Kept> {
    const file = path.join(this.dir, fileName(workshopId));
    const old = await this.head(file);
    if (old && Date.parse(old.updatedAt) > Date.parse(updatedAt)) return old;
    if (!old && (await this.names()).length >= this.maxWorkshops) {
      throw new ContractError('too_large', `The safety copy holds ${this.maxWorkshops} workshops already; delete workshops for good to make room.`);
    }
    const head: Head = { workshopId, updatedAt, title, keptAt: new Date().toISOString(), chars: doc.length };
    try {
      await writeAtomic(file, Buffer.from(`${JSON.stringify(head)}\n${doc}`, 'utf8'));
    } catch (err) {
      const code = err instanceof ContractError && err.code === 'storage_full' ? 'storage_full' : 'storage_failed';
      throw new ContractError(
        code,
        `The safety copy of the library could not be written in ${this.dir} (${code === 'storage_full' ? 'the disk is full' : 'the disk refused the write'}).`,
      );
    }
    return head;
  }

  /**
   * Every kept workshop, most recently changed first, and the files whose head cannot be read
   * (damaged outside the app: a write is atomic), named by the workshop id they were kept under
   * when the name decodes to one, else by the file name.
   */
  async list(): Promise<{ kept: Kept[]; unreadable: string[] }> {
    const names = await this.names();
    const heads = await Promise.all(names.map((n) => this.head(path.join(this.dir, n))));
    const kept = heads.filter((h): h is Head => h !== null).sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
    const unreadable = names.filter((_, i) => heads[i] === null).map(idOfFile);
    return { kept, unreadable };
  }

  /** One kept document (the stored JSON, unvalidated: the renderer validates it as an import). */
  async copyOf(workshopId: string): Promise<{ workshopId: string; updatedAt: string; doc: string }> {
    const file = path.join(this.dir, fileName(workshopId));
    const text = await readText(file);
    const nl = text?.indexOf('\n') ?? -1;
    const head = text && nl > 0 ? parseHead(text.slice(0, nl)) : null;
    if (!text || !head || head.workshopId !== workshopId) throw new ContractError('invalid_request', `No copy of workshop "${workshopId}" is kept.`);
    return { workshopId, updatedAt: head.updatedAt, doc: text.slice(nl + 1) };
  }

  /** Removes the copies of workshops deleted for good; answers how many were removed. */
  async drop(workshopIds: readonly string[]): Promise<number> {
    const present = new Set(await this.names());
    let removed = 0;
    for (const id of workshopIds) {
      const name = fileName(id);
      if (!present.has(name)) continue;
      await rm(path.join(this.dir, name), { force: true });
      removed++;
    }
    if (removed > 0) await syncDir(this.dir);
    return removed;
  }

  private async names(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((n) => n.endsWith('.json'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw new ContractError(
        'storage_failed',
        `The safety copy of the library cannot be read in ${this.dir} (${(err as NodeJS.ErrnoException).code ?? 'EIO'}).`,
      );
    }
  }

  private async head(file: string): Promise<Head | null> {
    let fh;
    try {
      fh = await open(file, 'r');
      const buf = Buffer.alloc(HEAD_BYTES);
      const { bytesRead } = await fh.read(buf, 0, HEAD_BYTES, 0);
      const text = buf.subarray(0, bytesRead).toString('utf8');
      const nl = text.indexOf('\n');
      return nl > 0 ? parseHead(text.slice(0, nl)) : null;
    } catch {
      return null;
    } finally {
      await fh?.close();
    }
  }
}

async function readText(file: string): Promise<string | null> {
  let fh;
  try {
    fh = await open(file, 'r');
    return await fh.readFile('utf8');
  } catch {
    return null;
  } finally {
    await fh?.close();
  }
}

function parseHead(line: string): Head | null {
  try {
    const h = JSON.parse(line) as Partial<Head>;
    if (typeof h.workshopId !== 'string' || typeof h.updatedAt !== 'string' || Number.isNaN(Date.parse(h.updatedAt))) return null;
    return {
      workshopId: h.workshopId,
      updatedAt: h.updatedAt,
      title: typeof h.title === 'string' ? h.title : '',
      keptAt: String(h.keptAt ?? h.updatedAt),
      chars: Number(h.chars) || 0,
    };
  } catch {
    return null;
  }
}
