import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule of eslint.config.js, proved on planted violations: a feature importing another
// feature, a part importing a feature, and a feature importing app/ must each fail the lint.
// Only the layer rule runs (the cycle rule would walk the whole tree for each planted file).
const eslint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' });

async function restrictedPaths(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('renderer layers (lint)', () => {
  it('refuses an import from one feature into another', async () => {
    const found = await restrictedPaths(
      'renderer/features/needs/Planted.tsx',
      "import { ScreeningStep } from '../screening/ScreeningStep';\nexport const planted = ScreeningStep;\n",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/features import no other feature/);
  });

  it('refuses imports up the layers: a part importing a feature, a feature importing app/', async () => {
    const part = await restrictedPaths(
      'renderer/parts/Planted.tsx',
      "import { NeedsStep } from '../features/needs/NeedsStep';\nexport const planted = NeedsStep;\n",
    );
    expect(part).toHaveLength(1);
    expect(part[0]).toMatch(/no imports up the layers/);
    const app = await restrictedPaths(
      'renderer/features/needs/Planted.tsx',
      "import { STEP_SCREENS } from '../../app/steps';\nexport const planted = STEP_SCREENS;\n",
    );
    expect(app).toHaveLength(1);
    expect(app[0]).toMatch(/no imports up the layers/);
  });

  it('refuses the contract in the document model: shared/model and shared/cost stay below it', async () => {
    for (const filePath of ['shared/model/Planted.ts', 'shared/cost/Planted.ts']) {
      const found = await restrictedPaths(filePath, "import { finite } from '../contract/define';\nexport const planted = finite;\n");
      expect(found, filePath).toHaveLength(1);
      expect(found[0]).toMatch(/the document model is below the contract/);
    }
    expect(await restrictedPaths('shared/model/Planted.ts', "import { finite } from '../validation/numbers';\nexport const planted = finite;\n")).toEqual([]);
  });

  it('refuses the document model in the cost domain: shared/cost stays below shared/model', async () => {
    const found = await restrictedPaths('shared/cost/Planted.ts', "import type { WorkshopDoc } from '../model/schema';\nexport type Planted = WorkshopDoc;\n");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/the cost domain is below the document model/);
    expect(await restrictedPaths('shared/model/Planted.ts', "import { fieldSpec } from '../cost/form';\nexport const planted = fieldSpec;\n")).toEqual([]);
  });

  it('lets a feature import its own files and the layers below', async () => {
    const found = await restrictedPaths(
      'renderer/features/needs/Planted.tsx',
      "import { NeedsStep } from './NeedsStep';\nimport { edit } from '../../parts/fields';\nimport { navigate } from '../../nav/route';\nexport const planted = [NeedsStep, edit, navigate];\n",
    );
    expect(found).toEqual([]);
  });
});
