import { constants } from 'node:fs';
import { mkdir, open, readdir, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { ContractError } from '../../shared/contract/errors';
import type { JournalProblem } from '../../shared/contract/session';

/**
 * An append-only journal of JSON records, one per line, each line framed as
 * `<byte length> <crc32 hex> <json>\n` so that a torn or damaged record is detected.
 * Lines without a frame (`{…}`, journals written before framing) are still read.
 *
 * - `append` resolves only once the whole line is on disk (written at the journal's known
 *   end, then fsync'd): a ballot is acknowledged after that and never before. A failed write
 *   is cut back to that end, so the journal stays record-aligned and the next record is whole.
 * - `Journal.read` streams the file (no whole-file string), reports every damaged record, and
 *   with `repair` truncates a torn tail to the last complete record, keeping what was cut in
 *   a side file next to the journal.
 * - `compact` rewrites the journal atomically (temp file, fsync, rename, fsync of the folder).
 */

/** The writes the journal makes, replaceable in tests to inject a failing disk. */
export interface JournalIO {
  write(fh: FileHandle, data: Buffer, position: number): Promise<void>;
  sync(fh: FileHandle): Promise<void>;
  truncate(fh: FileHandle, length: number): Promise<void>;
}

export const diskIO: JournalIO = {
  async write(fh, data, position) {
    let done = 0;
    while (done < data.length) {
      const { bytesWritten } = await fh.write(data, done, data.length - done, position + done);
      if (bytesWritten === 0) throw Object.assign(new Error('write returned 0 bytes'), { code: 'EIO' });
      done += bytesWritten;
    }
  },
  sync: (fh) => fh.sync(),
  truncate: (fh, length) => fh.truncate(length),
};

const NL = 0x0a;
const FRAME = /^(\d{1,9}) ([0-9a-f]{8}) /;

/** One record as a framed line. */
export function frame(record: unknown): Buffer {
  const json = Buffer.from(JSON.stringify(record), 'utf8');
  const head = `${json.length} ${crc32(json).toString(16).padStart(8, '0')} `;
  return Buffer.concat([Buffer.from(head, 'latin1'), json, Buffer.from('\n')]);
}

type Decoded = { ok: true; value: unknown } | { ok: false; message: string };

/** A line's record (framed or, for older journals, bare JSON), or why it cannot be read. */
export function decodeLine(line: Buffer): Decoded {
  if (line[0] === 0x7b /* { */) {
    try {
      return { ok: true, value: JSON.parse(line.toString('utf8')) };
    } catch {
      return { ok: false, message: 'not valid JSON' };
    }
  }
  const m = FRAME.exec(line.subarray(0, 20).toString('latin1'));
  if (!m) return { ok: false, message: 'no record frame' };
  const body = line.subarray(m[0].length);
  if (body.length !== Number(m[1])) return { ok: false, message: `length ${body.length}, framed as ${m[1]}` };
  if (crc32(body) !== parseInt(m[2], 16)) return { ok: false, message: 'checksum mismatch' };
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false, message: 'not valid JSON' };
  }
}

/** Best-effort participant and revision of a damaged line, for the report. */
function whoOf(line: Buffer): { participantId?: string; rev?: number } {
  const text = line.subarray(0, 4096).toString('utf8');
  const pid = /"pid":"([A-Za-z0-9._:-]{1,100})"/.exec(text)?.[1];
  const rev = /"rev":(\d{1,9})/.exec(text)?.[1];
  return { ...(pid ? { participantId: pid } : {}), ...(rev ? { rev: Number(rev) } : {}) };
}

export interface ReadResult {
  /** What could not be read, and what recovery did. */
  problems: JournalProblem[];
  /** Byte length of the complete records (where the next record goes). */
  end: number;
  /** Whether the file exists. */
  exists: boolean;
  /** Complete lines read. */
  lines: number;
}

/**
 * Streams the journal's complete lines. `each` receives each readable record and its line
 * number and answers null, or the problem it has with the record (a mis-shaped record).
 */
async function scan(file: string, each: (value: unknown, line: number, bytes: Buffer) => JournalProblem | null): Promise<ReadResult & { tail: Buffer }> {
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { problems: [], end: 0, exists: false, lines: 0, tail: Buffer.alloc(0) };
    throw journalError(file, err);
  }
  const problems: JournalProblem[] = [];
  let carry: Buffer[] = [];
  let carryLen = 0;
  let offset = 0;
  let end = 0;
  let lineNo = 0;
  const buf = Buffer.allocUnsafe(1 << 20);
  try {
    if ((await fh.stat()).isDirectory()) throw journalError(file, Object.assign(new Error('is a directory'), { code: 'EISDIR' }));
    for (;;) {
      let n: number;
      try {
        ({ bytesRead: n } = await fh.read(buf, 0, buf.length, offset));
      } catch (err) {
        throw journalError(file, err);
      }
      if (n === 0) break;
      let start = 0;
      for (let i = buf.indexOf(NL, 0); i !== -1 && i < n; i = buf.indexOf(NL, i + 1)) {
        const piece = Buffer.from(buf.subarray(start, i));
        const line = carryLen ? Buffer.concat([...carry, piece]) : piece;
        carry = [];
        carryLen = 0;
        start = i + 1;
        end = offset + start;
        lineNo++;
        if (line.length === 0 || (line.length === 1 && line[0] === 0x0d)) continue;
        const d = decodeLine(line);
        if (!d.ok) problems.push({ kind: 'corrupt-record', line: lineNo, ...whoOf(line), message: d.message });
        else {
          const p = each(d.value, lineNo, line);
          if (p) problems.push(p);
        }
      }
      if (start < n) {
        carry.push(Buffer.from(buf.subarray(start, n)));
        carryLen += n - start;
      }
      offset += n;
    }
  } finally {
    await fh.close();
  }
  return { problems, end, exists: true, lines: lineNo, tail: Buffer.concat(carry) };
}

export class Journal {
  private handle: Promise<FileHandle> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  /** A failed write may have left bytes past `end`: cut them before the next write. */
  private dirty = false;

  /** `end`: byte length of the journal's complete records (from `Journal.read`; 0 for a new journal). */
  constructor(
    readonly file: string,
    private end = 0,
    private readonly io: JournalIO = diskIO,
  ) {}

  /** Bytes of complete records. */
  get size(): number {
    return this.end;
  }

  /**
   * Reads every record, oldest first, streaming. With `repair`, a torn tail (an incomplete last
   * line: a crash or a full disk mid-write, never acknowledged) is cut off and kept in
   * `<journal>.torn-<time>`; without it the file is left as it is.
   */
  static async read(
    file: string,
    each: (value: unknown, line: number) => JournalProblem | null,
    opts: { repair?: boolean; now?: () => number } = {},
  ): Promise<ReadResult> {
    const r = await scan(file, each);
    if (r.tail.length > 0) {
      const side = sideFile(file, 'torn', opts.now?.() ?? Date.now());
      if (opts.repair) {
        try {
          await writeFile(side, r.tail, { mode: 0o600 });
          const fh = await open(file, 'r+');
          try {
            await fh.truncate(r.end);
            await fh.sync();
          } finally {
            await fh.close();
          }
        } catch (err) {
          throw storageError(err);
        }
      }
      r.problems.push({
        kind: 'torn-tail',
        line: r.lines + 1,
        ...whoOf(r.tail),
        message: `${r.tail.length} bytes after the last complete record${opts.repair ? `, cut and kept in ${path.basename(side)}` : ''}`,
        ...(opts.repair ? { sideFile: path.basename(side) } : {}),
      });
    }
    return { problems: r.problems, end: r.end, exists: r.exists, lines: r.lines };
  }

  /** Appends one record; resolves once it is on disk. Throws `storage_full` / `storage_failed`. */
  append(record: object): Promise<number> {
    const line = frame(record);
    const run = this.queue.then(async () => {
      const fh = await this.fileHandle();
      try {
        if (this.dirty) {
          await this.io.truncate(fh, this.end);
          this.dirty = false;
        }
        await this.io.write(fh, line, this.end);
        await this.io.sync(fh);
      } catch (err) {
        this.dirty = true;
        try {
          await this.io.truncate(fh, this.end);
          await this.io.sync(fh);
          this.dirty = false;
        } catch {
          // still dirty: cut before the next write
        }
        throw storageError(err);
      }
      this.end += line.length;
      return line.length;
    });
    // A failed append must not poison the next one; the caller still sees its own failure.
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Rewrites the journal with the records `keep` accepts (two passes: `plan` sees every
   * readable record first), then the `extra` records. Damaged lines are not carried over; they are kept in
   * `<journal>.damaged-<time>`. Atomic: temp file, fsync, rename, fsync of the folder.
   */
  compact(
    plan: (value: unknown, line: number) => void,
    keep: (value: unknown, line: number) => boolean,
    now = Date.now(),
    extra: readonly object[] = [],
  ): Promise<void> {
    const run = this.queue.then(async () => {
      await this.closeHandle();
      const tmp = `${this.file}.compact.tmp`;
      let size = 0;
      try {
        await scan(this.file, (v, n) => (plan(v, n), null));
        // The kept records (submissions, the latest drafts, the rest of the round's history) are few: written in one go.
        const kept: Buffer[] = [];
        const r = await scan(this.file, (v, n) => (keep(v, n) && kept.push(frame(v)), null));
        for (const v of extra) kept.push(frame(v));
        const data = Buffer.concat(kept);
        const out = await open(tmp, 'w', 0o600);
        try {
          await this.io.write(out, data, 0);
          await this.io.sync(out);
        } finally {
          await out.close();
        }
        if (r.problems.some((p) => p.kind === 'corrupt-record')) {
          const damaged = await collectDamaged(this.file);
          await writeFile(sideFile(this.file, 'damaged', now), Buffer.concat(damaged.map((d) => Buffer.concat([d, Buffer.from('\n')]))), { mode: 0o600 });
        }
        await rename(tmp, this.file);
        size = data.length;
      } catch (err) {
        await rm(tmp, { force: true }).catch(() => undefined);
        throw storageError(err);
      }
      await syncDir(path.dirname(this.file));
      this.end = size;
      this.dirty = false;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private fileHandle(): Promise<FileHandle> {
    this.handle ??= (async () => {
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      try {
        // Positional writes at `end` (not O_APPEND): a torn or failed write is overwritten, never appended onto.
        return await open(this.file, constants.O_RDWR | constants.O_CREAT, 0o600);
      } catch (err) {
        this.handle = null;
        throw storageError(err);
      }
    })();
    return this.handle;
  }

  private async closeHandle() {
    const h = this.handle;
    this.handle = null;
    if (h) await (await h.catch(() => null))?.close();
  }

  async close(): Promise<void> {
    await this.queue;
    await this.closeHandle();
  }
}

async function collectDamaged(file: string): Promise<Buffer[]> {
  const out: Buffer[] = [];
  const fh = await open(file, 'r');
  try {
    // Damaged lines are rare; finding them again line by line keeps the common path simple.
    let offset = 0;
    let carry = Buffer.alloc(0);
    const buf = Buffer.allocUnsafe(1 << 20);
    for (;;) {
      const { bytesRead } = await fh.read(buf, 0, buf.length, offset);
      if (!bytesRead) break;
      offset += bytesRead;
      let data = Buffer.concat([carry, buf.subarray(0, bytesRead)]);
      let i: number;
      while ((i = data.indexOf(NL)) !== -1) {
        const line = data.subarray(0, i);
        if (line.length && !decodeLine(line).ok) out.push(Buffer.from(line));
        data = data.subarray(i + 1);
      }
      carry = Buffer.from(data);
    }
  } finally {
    await fh.close();
  }
  return out;
}

/** A file next to the journal: `<journal>.<what>-<time>` (time without colons, for every file system). */
export function sideFile(file: string, what: string, at: number): string {
  return `${file}.${what}-${new Date(at).toISOString().replace(/[:.]/g, '-')}`;
}

/** How many side files a journal keeps: the previous rounds' journals, and the newest cut files (torn or damaged) per round. */
export const SIDE_FILES = { rounds: 2, cuts: 3 } as const;

const SIDE_TIME = /(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)$/;
const byTimeNewestFirst = (a: string, b: string) => (SIDE_TIME.exec(b)?.[1] ?? '').localeCompare(SIDE_TIME.exec(a)?.[1] ?? '') || b.localeCompare(a);

/**
 * Moves a journal aside as `<journal>.<what>-<time>` with what belongs to it: its header
 * (`<journal>.head.<what>-<time>`) and its cut files (`<journal>.<what>-<time>.torn-…`).
 */
export async function moveJournalAside(file: string, head: string, what: string, at: number): Promise<void> {
  const aside = sideFile(file, what, at);
  const cuts = await cutFiles(file);
  try {
    await rename(file, aside);
  } catch (err) {
    throw storageError(err);
  }
  await rename(head, sideFile(head, what, at)).catch(() => undefined);
  for (const c of cuts) await rename(path.join(path.dirname(file), c), `${aside}${c.slice(path.basename(file).length)}`).catch(() => undefined);
}

/** The journal's own cut files (`<journal>.torn-<time>`, `<journal>.damaged-<time>`), newest first. */
async function cutFiles(file: string): Promise<string[]> {
  const base = path.basename(file);
  const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
  return names.filter((n) => n.startsWith(`${base}.`) && /^\.(torn|damaged)-[^.]+$/.test(n.slice(base.length))).sort(byTimeNewestFirst);
}

/**
 * Keeps the side files bounded: the journal's newest `SIDE_FILES.cuts` cut files, and the newest
 * `SIDE_FILES.rounds` previous rounds (each with its header and cut files); older ones are deleted.
 */
export async function pruneSideFiles(file: string): Promise<void> {
  const dir = path.dirname(file);
  const base = path.basename(file);
  const names = await readdir(dir).catch(() => [] as string[]);
  const gone = new Set<string>((await cutFiles(file)).slice(SIDE_FILES.cuts));
  const rounds = names.filter((n) => n.startsWith(`${base}.`) && /^\.(round-[A-Za-z0-9_-]+|unread)-[^.]+$/.test(n.slice(base.length))).sort(byTimeNewestFirst);
  for (const old of rounds.slice(SIDE_FILES.rounds)) {
    const suffix = old.slice(base.length); // .round-<id>-<time>
    for (const n of names) if (n === old || n.startsWith(`${old}.`) || n === `${base}.head${suffix}`) gone.add(n);
  }
  for (const n of gone) await rm(path.join(dir, n), { force: true }).catch(() => undefined);
}

export async function syncDir(dir: string) {
  let fh: FileHandle | null = null;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch {
    // Some file systems (and Windows) cannot fsync a folder; the rename is still atomic.
  } finally {
    await fh?.close();
  }
}

/** Writes a small file atomically (temp file, fsync, rename, fsync of the folder). */
export async function writeAtomic(file: string, data: Buffer): Promise<void> {
  const tmp = `${file}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const fh = await open(tmp, 'w', 0o600);
    try {
      await diskIO.write(fh, data, 0);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    throw storageError(err);
  }
  await syncDir(path.dirname(file));
}

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** A failed write as the participant contract says it: `storage_full` or `storage_failed`, never `internal`. */
export function storageError(err: unknown): ContractError {
  if (err instanceof ContractError) return err;
  const code = (err as NodeJS.ErrnoException)?.code ?? 'EIO';
  if (FULL.has(code)) return new ContractError('storage_full', 'Not saved: the disk of the facilitator’s computer is full. Try again in a moment.');
  return new ContractError('storage_failed', `Not saved: the facilitator’s computer could not write the ballot (${code}). Try again in a moment.`);
}

/** The journal cannot be read at all (a folder in its place, no permission, a failing disk). */
function journalError(file: string, err: unknown): ContractError {
  const code = (err as NodeJS.ErrnoException)?.code ?? 'EIO';
  if (code === 'EISDIR')
    return new ContractError('storage_failed', `The round's journal ${file} is a folder, not a file. Move it away to open a round for this workshop.`);
  return new ContractError('storage_failed', `The round's journal ${file} cannot be read (${code}).`);
}
