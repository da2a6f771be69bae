import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Measured from the imports themselves, type-only ones included (import-x/no-cycle skips those):
// no import circle anywhere in electron/, shared/ and renderer/, and no renderer feature imports
// another feature or app/.
const ROOTS = ['electron', 'shared', 'renderer'];
const EXTS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const SPEC = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]*)['"]/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.posix.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

function importGraph(): Map<string, string[]> {
  const files = ROOTS.flatMap(sources);
  const known = new Set(files);
  return new Map(
    files.map((f) => {
      const targets = [...readFileSync(f, 'utf8').matchAll(SPEC)].flatMap((m) => {
        const abs = path.posix.normalize(path.posix.join(path.posix.dirname(f), m[1]));
        const hit = EXTS.map((e) => abs + e).find((x) => known.has(x));
        return hit ? [hit] : [];
      });
      return [f, [...new Set(targets)]];
    }),
  );
}

/** The strongly connected components with more than one module (or a module importing itself). */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.includes(v)) found.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** The composition root: the entry and app/ (the only ones that import features). */
const root = (f: string) => f === 'renderer/main.tsx' || f.startsWith('renderer/app/');
const feature = (f: string) => /^renderer\/features\/([^/]+)\//.exec(f)?.[1];

describe('import graph', () => {
  const graph = importGraph();

  it('finds a planted circle, type-only imports included', () => {
    const planted = new Map(graph);
    planted.set('shared/model/migrations/types.ts', [...(graph.get('shared/model/migrations/types.ts') ?? []), 'shared/model/migrations/index.ts']);
    expect(cycles(planted).some((c) => c.includes('shared/model/migrations/index.ts'))).toBe(true);
  });

  it('has no import circle', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(cycles(graph)).toEqual([]);
  });

  it('has no import between renderer features and none from a feature or a lower layer into app/ or features/', () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph)
      for (const to of targets) {
        const [a, b] = [feature(from), feature(to)];
        if (a && b && a !== b) wrong.push(`${from} -> ${to}`);
        if (to.startsWith('renderer/app/') && !root(from)) wrong.push(`${from} -> ${to}`);
        if (b && !a && !root(from)) wrong.push(`${from} -> ${to}`);
      }
    expect(wrong).toEqual([]);
  });
});
