/**
 * The repository's import boundaries (ARCHITECTURE.md, "The lint zones") hold as rules: a file
 * that crosses one fails `npm run lint`. Checked here with ESLint's own API on the root config,
 * so that a zone dropped or mistyped in eslint.config.js shows as a failing test.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives `code` as if it were the file at `file` (relative to the root). */
async function crossings(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries', () => {
  it('keeps the demo data on top: no module, platform or db file imports it', async () => {
    const code = "import { DEMO_PASSWORD } from '../../demo/seed';\nexport const password = DEMO_PASSWORD;\n";
    expect(await crossings('apps/server/src/modules/accounts/probe.ts', code)).toEqual([
      expect.stringContaining('demo/ sits on top'),
    ]);
    expect(await crossings('apps/server/src/platform/http/probe.ts', code)).toEqual([
      expect.stringContaining('demo/ sits on top'),
    ]);
  });

  it('lets the demo data use the services, and the start use the demo data', async () => {
    const demo = "import { createAccount } from '../modules/accounts/accounts.service';\nexport const make = createAccount;\n";
    expect(await crossings('apps/server/src/demo/probe.ts', demo)).toEqual([]);
    const start = "import { seedDemoData } from './demo/seed';\nexport const seed = seedDemoData;\n";
    expect(await crossings('apps/server/src/probe.ts', start)).toEqual([]);
  });

  it('keeps db/ the floor: the schema imports nothing above it', async () => {
    const code = "import { createAccount } from '../modules/accounts/accounts.service';\nexport const make = createAccount;\n";
    expect(await crossings('apps/server/src/db/probe.ts', code)).toEqual([expect.stringContaining('db/ is the floor')]);
  });

  it('keeps web features under the shell, except in their tests', async () => {
    const code = "import { createAppRouter } from '../../app/router';\nexport const router = createAppRouter;\n";
    expect(await crossings('apps/web/src/features/auth/probe.ts', code)).toEqual([
      expect.stringContaining('never imports the app shell'),
    ]);
    expect(await crossings('apps/web/src/features/auth/probe.test.tsx', code)).toEqual([]);
  });
});
