import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DB_NAME } from '../../renderer/db/database';

const script = readFileSync(new URL('../../renderer/public/open-early.js', import.meta.url), 'utf8');
const html = readFileSync(new URL('../../renderer/index.html', import.meta.url), 'utf8');

describe("the start-up's early open of the library's database (renderer/public/open-early.js)", () => {
  it('opens the database the app opens, without a version (it never upgrades or creates it)', () => {
    const opens = [...script.matchAll(/indexedDB\.open\(([^)]*)\)/g)].map((m) => m[1]);
    expect(opens).toEqual([JSON.stringify(DB_NAME).replace(/"/g, "'")]);
    expect(script).toMatch(/onupgradeneeded = function \(\) \{\s*request\.transaction\.abort\(\);/);
  });

  it('runs from the head as a classic script, before the app module', () => {
    const early = html.indexOf('<script vite-ignore src="./open-early.js"></script>');
    expect(early).toBeGreaterThan(-1);
    expect(early).toBeLessThan(html.indexOf('</head>'));
    expect(early).toBeLessThan(html.indexOf('type="module"'));
  });
});
