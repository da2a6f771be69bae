import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';

// electron-builder's own YAML reader and configuration schema (installed with it).
const require = createRequire(import.meta.url);
const { load } = require('js-yaml') as { load(text: string): unknown };
const scheme = require('app-builder-lib/scheme.json') as { definitions: { FuseOptionsV1: { properties: Record<string, unknown> } } };

const config = load(readFileSync(path.resolve('electron-builder.yml'), 'utf8')) as { asar?: boolean; electronFuses?: Record<string, unknown> };

describe('electron-builder configuration', () => {
  it('flips the security fuses of the packaged binary', () => {
    expect(config.asar).toBe(true);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });

  it('names only fuses electron-builder knows (a misspelt fuse would be silently ignored)', () => {
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties);
    for (const key of Object.keys(config.electronFuses ?? {})) expect(known).toContain(key);
  });
});

// The packaged binary (`npm run dist`, Linux unpacked build). The Electron binary cannot be
// downloaded on the build machines, so this check runs only where a package was built.
/** A fuse's state in the wire: the characters '1' and '0' (@electron/fuses FuseState, not exported). */
const FuseState = { ENABLE: 49, DISABLE: 48 } as const;
const packaged = path.resolve('release/linux-unpacked/selection-workshop');

describe.skipIf(!existsSync(packaged))('packaged binary (needs `npm run dist`; skipped where no Electron build exists)', () => {
  it('has the fuses flipped as configured', async () => {
    const wire = (await getCurrentFuseWire(packaged)) as unknown as Record<number, number>;
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
  });
});
