// The lint rules really refuse an app that imports another app (checked on source text, not a file).
import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint();

// The rule reads the project graph Nx caches under .nx/, which a fresh checkout does not have
// until some nx command ran (CI lints first; `npm ci && npm test` does not): without it the rule
// refuses nothing. Computing it here makes the suite stand on its own.
beforeAll(async () => {
  process.env.NX_DAEMON = 'false';
  await createProjectGraphAsync({ exitOnError: false });
});

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('module boundaries', () => {
  it('refuses an app importing another app, by front door or by path', async () => {
    const errors = await lint(
      'apps/catalog/src/probe.ts',
      "import { deployModule } from '@querylane/deploy/module';\nimport { migrations } from '../../deploy/src/db/migrations/index.js';\nexport const probe = [deployModule, migrations];\n",
    );
    expect(errors).toContain('@nx/enforce-module-boundaries');
  });

  it('refuses a shared library importing an app', async () => {
    const errors = await lint('libs/runtime/src/probe.ts', "import { gatewayModule } from '@querylane/gateway/module';\nexport const probe = gatewayModule;\n");
    expect(errors).toContain('@nx/enforce-module-boundaries');
  });

  it('lets an app use shared libraries and the platform binary assemble the apps', async () => {
    expect(await lint('apps/catalog/src/probe.ts', "import { AppError } from '@querylane/errors';\nexport const probe = AppError;\n")).toEqual([]);
    expect(await lint('apps/platform/src/probe.ts', "import { catalogModule } from '@querylane/catalog/module';\nexport const probe = catalogModule;\n")).toEqual([]);
  });
});
