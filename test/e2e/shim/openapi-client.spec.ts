import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { uniqueName } from '../../support/http';
import { stackTargets } from '../../support/targets';
import { newTenant } from '../../support/tenants';
import { install } from '../store-rest/store-fixtures';

const target = stackTargets()[0];
const run = promisify(execFile);
const ROOT = resolve(__dirname, '..', '..', '..');
const bin = (path: string) => join(ROOT, 'node_modules', path);
const CLIENT = join(__dirname, 'openapi-client', 'legacy-client.ts');

/**
 * What `@redocly/cli lint` (recommended rules) may warn about, each on purpose (docs/openapi.md
 * says why): anything else, and any error, fails.
 */
const DELIBERATE_WARNINGS = [
  'info-license #/info',
  'no-ambiguous-paths #/paths/~1v1~1{store_id}~1products~1{product_id}~1images',
  'no-ambiguous-paths #/paths/~1v1~1{store_id}~1products~1{product_id}~1variants',
  'operation-2xx-response #/paths/~1ws~1control~1{organization_id}/get/responses',
  'operation-4xx-response #/paths/~1healthz/get/responses',
  'operation-4xx-response #/paths/~1readyz/get/responses',
];

interface LintReport {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: 'error' | 'warn'; message: string; location: Array<{ pointer: string }> }>;
}

/** The client, run here; its types were checked by tsc in the test before (swc drops its type-only import). */
interface ClientModule {
  legacyClient(baseUrl: string): unknown;
  accountsPayload(client: unknown, username: string): Promise<{ userId: string; status: number; payload?: { sub?: string } }>;
  feedMe(client: unknown, email: string): Promise<{ status: number; email?: string; id?: string; registeredId: string }>;
  guardStatus(client: unknown, apiKey: string, workflowId: string): Promise<{ status: number; workflowId?: string; state?: string }>;
  storeInfo(client: unknown, storeId: number, token: string): Promise<{ status: number; id?: number; mainLanguage?: string }>;
  installerStatus(client: unknown): Promise<{ status: number; enabled?: boolean }>;
}

describe('the shim’s OpenAPI document, as third-party tools read it', () => {
  let dir: string;
  let documentFile: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
    documentFile = join(dir, 'openapi.json');
    const response = await fetch(`${target.shimUrl}/openapi.json`);
    expect(response.status).toBe(200);
    writeFileSync(documentFile, await response.text());
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes @redocly/cli lint with the recommended rules: no error, and only the deliberate warnings', async () => {
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const { stdout } = await run(process.execPath, [bin('@redocly/cli/bin/cli.js'), 'lint', documentFile, '--extends=recommended', '--format=json'], { env, maxBuffer: 64 * 1024 * 1024 }).catch(
      (failure: { stdout: string }) => failure,
    );
    const report = JSON.parse(stdout) as LintReport;
    expect(report.problems.filter((problem) => problem.severity === 'error').map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.problems.map((problem) => `${problem.ruleId} ${problem.location[0].pointer}`).sort()).toEqual(DELIBERATE_WARNINGS);
  });

  it('generates a client with openapi-typescript that type-checks with tsc, the guard’s protocol header required', async () => {
    const types = join(dir, 'legacy-api.d.ts');
    await run(process.execPath, [bin('openapi-typescript/bin/cli.js'), documentFile, '--output', types]);
    const tsconfig = {
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['ES2023'],
        types: ['node'],
        typeRoots: [bin('@types')],
        skipLibCheck: true,
        baseUrl: dir,
        paths: { 'legacy-api-types': ['./legacy-api.d.ts'] },
      },
      files: [CLIENT],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    const checked = await run(process.execPath, [bin('typescript/bin/tsc'), '-p', join(dir, 'tsconfig.json')]).then(
      () => 'clean',
      (failure: { stdout: string }) => failure.stdout,
    );
    expect(checked).toBe('clean');
  });

  it('calls one route of each legacy API against the running stack through the generated client', async () => {
    const generated = require(CLIENT) as ClientModule;
    const client = generated.legacyClient(target.shimUrl);
    const [tenant, installation] = await Promise.all([newTenant(target), install(target, ['read_products'])]);

    const username = uniqueName('generated');
    const accounts = await generated.accountsPayload(client, username);
    expect(accounts).toMatchObject({ status: 200, payload: { sub: accounts.userId } });

    const email = `${uniqueName('generated')}@example.com`;
    const feed = await generated.feedMe(client, email);
    expect(feed).toEqual({ status: 200, email, id: feed.registeredId, registeredId: expect.any(String) });

    expect(await generated.guardStatus(client, tenant.key, tenant.workflowId)).toEqual({ status: 200, workflowId: tenant.workflowId, state: 'Normal' });

    expect(await generated.storeInfo(client, installation.storeId, installation.token)).toMatchObject({ status: 200, id: installation.storeId });

    expect(await generated.installerStatus(client)).toEqual({ status: 200, enabled: true });
  });
});
