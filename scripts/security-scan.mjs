// Electron security scan, gated: runs @doyensec/electronegativity (installed in its own
// folder, tools/electronegativity, because it brings old eslint/TypeScript) over electron/
// and fails on any HIGH or MEDIUM finding that security/electronegativity.json does not justify.
// The tool always exits 0, so the gate reads its CSV.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const toolDir = path.join(root, 'tools/electronegativity');
const bin = path.join(toolDir, 'node_modules/.bin/electronegativity');
if (!existsSync(bin)) {
  console.log('▶ installing @doyensec/electronegativity into tools/electronegativity (once)');
  const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: toolDir, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('Could not install @doyensec/electronegativity (npm ci in tools/electronegativity failed).');
    process.exit(1);
  }
}
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const out = path.join(root, '.tmp/electronegativity.csv');

/** Runs the scan; the report's text. */
function scanOnce() {
  // The tool overwrites without truncating: a stale longer report would leave garbage behind.
  rmSync(out, { force: true });
  const scan = spawnSync(bin, ['-i', path.join(root, 'electron'), '-o', out, '-r'], { encoding: 'utf8' });
  if (!existsSync(out)) {
    console.error(`electronegativity produced no report: ${scan.stderr || scan.stdout}`);
    process.exit(1);
  }
  return readFileSync(out, 'utf8');
}

/** Minimal RFC 4180 CSV reader (quoted fields, doubled quotes). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field.trim());
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n') {
      endField();
      rows.push(row);
      row = [];
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

/**
 * The findings of a report, or null when it cannot be read whole. Never pass on a report we
 * could not read: it must start with the header, and every finding line must parse into a row.
 */
function readReport(text) {
  const [header, ...rows] = parseCsv(text);
  if (header?.[0] !== 'issue') return null;
  const col = (name) => header.findIndex((h) => h.trim() === name);
  const expected = text.split('\n').filter((l) => /^[A-Z_]+_CHECK,/.test(l)).length;
  const parsed = rows.filter((r) => r.length > 3);
  if (parsed.length !== expected || text.split('\n').filter((l) => l.trim()).length !== expected + 1) return null;
  return (
    parsed
      .map((r) => ({
        check: r[col('issue')],
        severity: r[col('severity')],
        file: r[col('filename')],
        location: r[col('location')],
        description: r[col('description')],
      }))
      // Test files exercise the shell with fakes; they never run in the app.
      .filter((f) => !/\.test\.ts$/.test(f.file))
  );
}

// The tool writes its CSV header and its rows with two concurrent, unawaited writes, so now
// and then the header lands over the first row. Such a report is refused and the scan run
// again (its findings are deterministic); three garbled reports in a row fail the gate.
let findings = null;
for (let attempt = 1; attempt <= 3 && !findings; attempt++) {
  const text = scanOnce();
  findings = readReport(text);
  if (!findings) console.error(`electronegativity report garbled (attempt ${attempt} of 3):\n${text.split('\n').slice(0, 3).join('\n')}`);
}
if (!findings) process.exit(1);
const { justified } = JSON.parse(readFileSync(path.join(root, 'security/electronegativity.json'), 'utf8'));
const serious = findings.filter((f) => f.severity === 'HIGH' || f.severity === 'MEDIUM');
const unjustified = serious.filter((f) => !justified.some((j) => j.check === f.check && j.file === f.file));
for (const f of serious) console.log(`  ${unjustified.includes(f) ? '✖' : '✔ justified'} ${f.severity} ${f.check} ${f.file}:${f.location} — ${f.description}`);
console.log(`electronegativity: ${findings.length} findings, ${serious.length} HIGH/MEDIUM, ${unjustified.length} without a written justification.`);
process.exit(unjustified.length ? 1 : 0);
