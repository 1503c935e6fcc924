import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Our own install of Apollo's suite: its package.json and lock are committed, node_modules is not. */
export const SUITE_DIR = join(__dirname, 'suite');
const PACKAGE = '@apollo/federation-subgraph-compatibility-tests';
export const PACKAGE_DIR = join(SUITE_DIR, 'node_modules', ...PACKAGE.split('/'));

/** The two subgraphs the suite ships, each a bundled Apollo Server with its schema beside it. */
export type SuiteSubgraphName = 'users' | 'inventory';

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/**
 * Installs the suite when it is missing or not the locked version. `--ignore-scripts`: its
 * dependencies' install scripts (rover's binary download) are never needed here.
 */
export async function ensureSuiteInstalled(): Promise<void> {
  const lock = readJson<{ packages: Record<string, { version?: string }> }>(join(SUITE_DIR, 'package-lock.json'));
  const locked = lock.packages[`node_modules/${PACKAGE}`]?.version;
  const manifest = join(PACKAGE_DIR, 'package.json');
  if (existsSync(manifest) && readJson<{ version: string }>(manifest).version === locked) return;
  await run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: SUITE_DIR, timeout: 300_000 });
}

/** The SDL file of one of the suite's subgraphs, composed as the suite composes it. */
export function suiteSubgraphSchema(name: SuiteSubgraphName): string {
  return readFileSync(join(PACKAGE_DIR, 'dist', 'subgraphs', name, `${name}.graphql`), 'utf8');
}

/** Starts one of the suite's subgraphs on `port`; resolves once it says it is ready. */
export function startSuiteSubgraph(name: SuiteSubgraphName, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['index.js'], {
    cwd: join(PACKAGE_DIR, 'dist', 'subgraphs', name),
    env: { ...process.env, [`${name.toUpperCase()}_PORT`]: String(port) },
    // It signals readiness over IPC, as it does for the pm2 the suite normally uses.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the suite's ${name} subgraph did not start within 30 s`));
    }, 30_000);
    child.once('message', (message) => {
      if (message !== 'ready') return;
      clearTimeout(timer);
      child.disconnect();
      resolve(child);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the suite's ${name} subgraph exited during start-up (code ${code})`));
    });
  });
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** One test of the suite, as its jest `--json` report lists it. */
export interface SuiteTestResult {
  ancestorTitles: string[];
  title: string;
  fullName: string;
  status: 'passed' | 'failed' | 'pending' | 'skipped' | 'todo' | 'disabled';
  failureMessages: string[];
}

export interface SuiteReport {
  success: boolean;
  numTotalTestSuites: number;
  numFailedTestSuites: number;
  numRuntimeErrorTestSuites: number;
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: Array<{ name: string; status: string; message: string; assertionResults: SuiteTestResult[] }>;
}

/** The suite's test files: what a complete run must have run. */
export function suiteTestFiles(): string[] {
  return readdirSync(join(PACKAGE_DIR, 'dist', 'tests')).filter((file) => file.endsWith('.test.js'));
}

/**
 * Runs the suite's tests as its own runner does (its jest, its config, `PRODUCTS_URL`); they
 * talk to the products subgraph there and to the router at http://localhost:4000/.
 */
export async function runSuiteTests(productsUrl: string, reportFile: string): Promise<SuiteReport> {
  const jest = join(SUITE_DIR, 'node_modules', 'jest', 'bin', 'jest.js');
  // Our own jest's variables would confuse the suite's.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('JEST_')));
  const args = [jest, join(PACKAGE_DIR, 'dist', 'tests'), '--ci', '--json', `--outputFile=${reportFile}`];
  args.push('--config', join(PACKAGE_DIR, 'federation-jest.config.js'));
  try {
    await run(process.execPath, args, { cwd: SUITE_DIR, env: { ...env, PRODUCTS_URL: productsUrl }, timeout: 120_000 });
  } catch (error) {
    // Exit code 1 means failed tests, which the report describes; anything else is a crash.
    if ((error as { code?: unknown }).code !== 1 || !existsSync(reportFile)) throw error;
  }
  return readJson<SuiteReport>(reportFile);
}
