import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/**
 * An append-only journal of JSON records, one per line. `append` resolves only once the line
 * is on disk (written, then fsync'd): a ballot is acknowledged after that and never before.
 * Appends are serialised; a torn last line (a crash mid-write) is skipped when read back.
 */
export class Journal {
  private handle: Promise<FileHandle> | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  /** Every complete record, oldest first (none when the file does not exist). */
  static async read(file: string): Promise<unknown[]> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: unknown[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        out.push(JSON.parse(line));
      } catch {
        // A torn line from a crash mid-append: it was never acknowledged.
      }
    }
    return out;
  }

  append(record: object): Promise<void> {
    const line = JSON.stringify(record) + '\n';
    const run = this.queue.then(async () => {
      const fh = await this.fileHandle();
      await fh.appendFile(line, 'utf8');
      await fh.sync();
    });
    // A failed append must not poison the next one; the caller still sees its own failure.
    this.queue = run.catch(() => undefined);
    return run;
  }

  private fileHandle(): Promise<FileHandle> {
    this.handle ??= (async () => {
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      return open(this.file, 'a', 0o600);
    })();
    return this.handle;
  }

  async close(): Promise<void> {
    await this.queue;
    const h = this.handle;
    this.handle = null;
    if (h) await (await h).close();
  }
}
