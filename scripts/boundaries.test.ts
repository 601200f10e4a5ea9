import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import boundaries (docs/architecture.md) are Biome noRestrictedImports
// overrides in biome.json. Each fixture in fixtures/boundaries breaks one of
// them; it is copied to where the rule applies in a scratch tree that holds
// the repository's biome.json, and linted there. The fixtures sit under a
// `fixtures` folder, which `npm run lint` skips, so the real lint stays green.
const root = join(import.meta.dirname, '..');
const fixtures = join(import.meta.dirname, 'fixtures/boundaries');

const FORBIDDEN = [
  ['engine-imports-formats.ts', 'packages/engine/src/forbidden.ts', 'packages/engine is pure'],
  ['engine-reads-files.ts', 'packages/engine/src/forbidden.ts', 'packages/engine is pure'],
  ['engine-imports-formats.ts', 'packages/engine/bench/forbidden.ts', 'packages/engine imports only'],
  ['contracts-imports-formats.ts', 'packages/contracts/src/forbidden.ts', 'packages/contracts imports only'],
  ['engine-imports-formats.ts', 'packages/formats/src/forbidden.ts', 'packages/formats imports only'],
  ['shared-imports-contracts.ts', 'packages/shared/src/forbidden.ts', 'packages/shared imports nothing'],
  ['web-imports-engine.ts', 'apps/web/src/forbidden.ts', 'apps/web imports only'],
  ['web-imports-server-by-path.ts', 'apps/web/src/features/x/forbidden.ts', 'apps/web imports only'],
  ['server-imports-web.ts', 'apps/server/src/forbidden.ts', 'apps/server must not import the web app'],
  [
    'server-imports-web.ts',
    'apps/server/src/features/x/forbidden.ts',
    'apps/server must not import the web app',
  ],
  ['server-imports-cli.ts', 'apps/server/src/features/x/forbidden.ts', 'only apps/server/src/cli imports'],
  ['server-imports-cli.ts', 'apps/server/src/lib/forbidden.ts', 'only apps/server/src/cli imports'],
] as const;

let scratch = '';

const lint = (...paths: string[]) => {
  const run = spawnSync(
    process.execPath,
    [join(root, 'scripts/biome.mjs'), 'lint', '--max-diagnostics=200', ...paths],
    {
      cwd: scratch,
      encoding: 'utf8',
    },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

const place = (fixture: string, at: string): void => {
  mkdirSync(dirname(join(scratch, at)), { recursive: true });
  cpSync(join(fixtures, fixture), join(scratch, at));
};

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'taxrecon-boundaries-'));
  // The repository's own rules; only the git integration is left out (no .git here).
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.vcs;
  writeFileSync(join(scratch, 'biome.json'), JSON.stringify(config));
});

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('import boundaries enforced by npm run lint', () => {
  it.each(FORBIDDEN)('%s placed at %s fails the lint', (fixture, at, message) => {
    place(fixture, at);
    const { status, output } = lint(at);
    expect(status).not.toBe(0);
    expect(output).toContain('lint/style/noRestrictedImports');
    expect(output).toContain(message);
  });

  // A command may use another's code, and a test may run a command to
  // compare it with the app's job.
  it.each(['apps/server/src/cli/allowed.ts', 'apps/server/src/features/x/allowed.api.test.ts'])(
    'lets %s import the command line',
    (at) => {
      place('server-imports-cli.ts', at);
      const { status, output } = lint(at);
      expect(output).not.toContain('noRestrictedImports');
      expect(status).toBe(0);
    },
  );

  it('lets the web app import contracts and shared', () => {
    place('web-imports-contracts-and-shared.ts', 'apps/web/src/allowed.ts');
    const { status, output } = lint('apps/web/src/allowed.ts');
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });
});
