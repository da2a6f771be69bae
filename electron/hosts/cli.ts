import { readFile, stat, writeFile } from 'node:fs/promises';
import { isEntry } from './entry';
import { contract, ContractError, methodNames, toContractError } from '../../shared/contract';
import { localizeIssues, migrateMessage, type TextLang } from '../../shared/i18n/issues';
import { createService } from '../service';
import { MAX_REQUEST_BYTES } from '../service/limits';

/**
 * The command-line host, the package's `selection-workshop` bin (`npx selection-workshop <method>`;
 * `npm run -s cli -- <method>` is the same).
 * Reads the request JSON from stdin (or --in), prints the response JSON to stdout.
 * On failure: the typed error as JSON on stderr and exit code 2 — never a stack trace.
 * `workshop.review` answers as any method and then exits with `EXIT_ASSUMPTION_BROKEN` (3) when
 * an assumption of the decision is broken (0 when none is: holding, drifting or not observed).
 */

/** Exit code of `workshop.review` when at least one assumption is broken (1 is Node's own failure, 2 a refused call). */
export const EXIT_ASSUMPTION_BROKEN = 3;
export const USAGE = `Usage: selection-workshop <method> [--in FILE] [--out FILE] [--progress] [--lang zh-CN|en]
  (npx selection-workshop … in this folder; npm run -s cli -- … is the same)
  Reads the request JSON from standard input (or --in FILE) and prints the response JSON.
  --out FILE   write the response to FILE instead of standard output
  --progress   print progress of long jobs to standard error
  --lang LANG  the language of a refused workshop's messages (zh-CN or en; default en)
  Exit codes: 0 answered; 2 refused (the typed error on standard error);
  3 workshop.review answered and an assumption of the decision is broken.

Methods:
${methodNames.map((m) => `  ${m.padEnd(20)} ${contract[m].summary}`).join('\n')}
`;

interface CliArgs {
  method?: string;
  inFile?: string;
  outFile?: string;
  progress: boolean;
  help: boolean;
  lang: TextLang;
}

export function parseCliArgs(argv: string[]): CliArgs {
  const args: CliArgs = { progress: false, help: false, lang: 'en' };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') args.help = true;
    else if (a === '--progress') args.progress = true;
    else if (a === '--lang') {
      const v = argv[++i];
      if (v !== 'zh-CN' && v !== 'en') throw new ContractError('invalid_request', `--lang needs zh-CN or en${v ? ` (got "${v}")` : ''}.`);
      args.lang = v;
    } else if (a === '--in' || a === '--out') {
      const v = argv[++i];
      if (!v) throw new ContractError('invalid_request', `${a} needs a file name.`);
      if (a === '--in') args.inFile = v;
      else args.outFile = v;
    } else if (a.startsWith('-')) throw new ContractError('invalid_request', `Unknown option "${a}". See --help.`);
    else if (args.method) throw new ContractError('invalid_request', `Only one method per call (got "${args.method}" and "${a}").`);
    else args.method = a;
  }
  return args;
}

/** The same request size limit as the web host: a 50 MB workshop file plus JSON overhead. */
export const MAX_INPUT_BYTES = MAX_REQUEST_BYTES;
const tooLarge = () => new ContractError('too_large', `The request is larger than ${MAX_INPUT_BYTES / 1024 / 1024} MB.`);

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) return '';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function fail(err: ContractError): never {
  process.stderr.write(JSON.stringify(err.toJSON()) + '\n');
  process.exit(2);
}

/** The error with its headline and issues in `lang` (the codes, paths and params stay as they are). */
export function localized(err: ContractError, lang: TextLang): ContractError {
  if (lang === 'en') return err;
  const message = err.reason ? migrateMessage(err.reason, lang) : err.message;
  return new ContractError(err.code, message, err.issues && localizeIssues(err.issues, lang), err.reason);
}

export async function runCli(argv: string[]): Promise<void> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    return fail(toContractError(err));
  }
  if (args.help) {
    process.stdout.write(USAGE);
    return;
  }
  if (!args.method) {
    // A usage error: the usage goes to stderr (stdout stays for answers), exit code 2.
    process.stderr.write('No method given.\n\n' + USAGE);
    process.exit(2);
  }
  let text: string;
  try {
    if (args.inFile && (await stat(args.inFile)).size > MAX_INPUT_BYTES) throw tooLarge();
    text = args.inFile ? await readFile(args.inFile, 'utf8') : await readStdin();
  } catch (err) {
    if (err instanceof ContractError) return fail(err);
    return fail(new ContractError('invalid_request', `Cannot read ${args.inFile ?? 'standard input'}: ${(err as Error).message}`));
  }
  let payload: unknown = {};
  if (text.trim()) {
    try {
      payload = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // a BOM is not an error
    } catch (err) {
      return fail(new ContractError('invalid_request', `Request is not valid JSON: ${(err as Error).message}`));
    }
  }
  const service = createService({ host: 'cli', workerUrl: new URL('./worker.mjs', import.meta.url) });
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const outcome = await service.dispatch(args.method, payload, {
    signal: abort.signal,
    onProgress: args.progress ? (p) => process.stderr.write(`progress ${(p.done * 100).toFixed(1)}%${p.stage ? ` ${p.stage}` : ''}\n`) : undefined,
  });
  await service.close();
  if (!outcome.ok) return fail(localized(toContractError(outcome.error), args.lang));
  const out = JSON.stringify(outcome.result, null, 2) + '\n';
  if (args.outFile) await writeFile(args.outFile, out);
  else process.stdout.write(out);
  if (args.method === 'workshop.review' && anyBroken(outcome.result)) process.exitCode = EXIT_ASSUMPTION_BROKEN;
}

function anyBroken(result: unknown): boolean {
  const list = (result as { assumptions?: { status?: string }[] }).assumptions;
  return Array.isArray(list) && list.some((a) => a.status === 'broken');
}

/** The command line's entry: `runCli`, with any unexpected failure reported in the typed error shape. */
export function cliMain(argv: string[]): Promise<void> {
  return runCli(argv).catch((err) => fail(new ContractError('internal', `Internal error: ${(err as Error).message}`)));
}

if (isEntry(import.meta.url)) void cliMain(process.argv.slice(2));
