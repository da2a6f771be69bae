import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deepWorkshopText } from '../fixtures/deepWorkshop';

// The CLI as a user runs it: a separate process, JSON in, JSON out (built by the vitest global setup).
const cli = path.resolve('build/node/cli.mjs');
const run = (args: string[], input?: string) => spawnSync(process.execPath, [cli, ...args], { input, encoding: 'utf8', timeout: 20_000 });

describe('CLI', () => {
  it('lists the methods with --help', () => {
    const r = run(['--help']);
    expect(r.status).toBe(0);
    for (const m of ['app.info', 'workshop.create', 'workshop.validate']) expect(r.stdout).toContain(m);
  });

  it('no method: usage on stderr, nothing on stdout, exit code 2', () => {
    const r = run([], '');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Usage: selection-workshop <method>');
    expect(r.stderr).toContain('workshop.validate');
  });

  it('answers a method with JSON on stdout', () => {
    const r = run(['workshop.create'], JSON.stringify({ title: 'From the CLI', lang: 'en' }));
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.meta.title).toBe('From the CLI');
    expect(doc.criteria).toHaveLength(9);
  });

  it('reads the request from --in FILE and writes to --out FILE', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-cli-'));
    writeFileSync(path.join(dir, 'req.json'), JSON.stringify({ lang: 'zh-CN' }));
    const r = run(['workshop.sample', '--in', path.join(dir, 'req.json'), '--out', path.join(dir, 'out.json')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    const v = run(['workshop.validate', '--in', path.join(dir, 'out.json')]);
    expect(v.status).toBe(0);
    expect(JSON.parse(v.stdout).meta.lang).toBe('zh-CN');
  });

  it('bad JSON: exit code 2 and the typed error on stderr, no stack trace', () => {
    const r = run(['workshop.create'], '{ not json');
    expect(r.status).toBe(2);
    const err = JSON.parse(r.stderr);
    expect(err.code).toBe('invalid_request');
    expect(err.message).toMatch(/not valid JSON/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('schema error: exit code 2 with each problem and its path', () => {
    const r = run(['workshop.create'], JSON.stringify({ title: 5, lang: 'de' }));
    expect(r.status).toBe(2);
    const err = JSON.parse(r.stderr);
    expect(err.code).toBe('invalid_request');
    expect(err.issues.map((i: { path: string }) => i.path).sort()).toEqual(['lang', 'title']);
  });

  it('a workshop nested 5,000 levels deep: invalid_document on stderr, exit code 2, never internal', () => {
    const r = run(['workshop.validate'], deepWorkshopText(5000));
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr)).toMatchObject({ code: 'invalid_document', message: 'The workshop is not valid: it is nested too deeply.' });
  });

  it('unknown method: exit code 2', () => {
    const r = run(['nope.nothing'], '{}');
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr).code).toBe('unknown_method');
  });
});

describe('CLI input limits', () => {
  it('refuses an input file over the size limit with too_large, before reading it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sw-cli-big-'));
    const f = path.join(dir, 'big.workshop.json');
    writeFileSync(f, Buffer.alloc(61 * 1024 * 1024, 0x20));
    const r = run(['workshop.validate', '--in', f]);
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stderr).code).toBe('too_large');
  });
  it('accepts a UTF-8 byte-order mark', () => {
    const r = run(['workshop.create'], '\uFEFF' + JSON.stringify({ title: 'BOM', lang: 'en' }));
    expect(r.status).toBe(0);
  });
});
