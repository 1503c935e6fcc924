import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import { loadConfig, SUBGRAPH_NAMES, type ProcessName, type SubgraphName } from '../lib/config';
import { nodeFlagsOf } from '../lib/stack-launch/node-flags';
import { STACK_PROCESSES } from '../test/support/process-origins';

/**
 * The deployment files are checked by their own tools, offline: HAProxy's `-c`, docker-compose's
 * `config -q` (Debian's packages; .ci/run installs them), and the Kubernetes JSON schemas that the
 * npm package `kubernetes-models` bundles (compiled validators of Kubernetes 1.27's OpenAPI). No
 * Docker engine or cluster is needed, and none runs here: images are not built by any test.
 */
const DEPLOY = __dirname;

/** `it` when `command` is installed, else `it.skip`, and what to add to the title to say why it was skipped. */
function withTool(command: string, versionFlag: string): { it: jest.It; note: string } {
  const present = spawnSync(command, [versionFlag]).status === 0;
  // Jest lists a skipped test only as a count: say why.
  if (!present) console.warn(`deploy/deploy.spec.ts: ${command} is not installed (apt-get install ${command}); its check is skipped`);
  return { it: present ? it : it.skip, note: present ? '' : ` (skipped: ${command} is not installed; apt-get install ${command})` };
}
const haproxy = withTool('haproxy', '-v');
const dockerCompose = withTool('docker-compose', 'version');

/** The tier of a process in haproxy.cfg and the Compose file (`shim-1`), and its Kubernetes component. */
const tierOf = (part: string) => (part === 'rest-shim' ? 'shim' : part);
/** Where each process listens by default: the port its container and its Service use. */
const defaultPorts: Record<string, number> = (() => {
  const { ports } = loadConfig({});
  return { 'rest-shim': ports.shim, gateway: ports.gateway, web: ports.web, ...Object.fromEntries(Object.entries(ports).filter(([name]) => !['shim', 'gateway', 'web'].includes(name))) };
})();

/** Values for the variables the Compose file requires from deploy/.env. */
const COMPOSE_SECRETS = { SECRET_KEY: 'k'.repeat(64), JWT_PRIVATE_KEY: 'a PEM', POSTGRES_PASSWORD: 'secret' };

describe('deploy/haproxy/haproxy.cfg', () => {
  haproxy.it(`is valid for HAProxy itself, with the Compose file's defaults${haproxy.note}`, () => {
    const check = spawnSync('haproxy', ['-c', '-f', join(DEPLOY, 'haproxy', 'haproxy.cfg')], { encoding: 'utf8', env: { PATH: process.env.PATH } });
    expect({ status: check.status, output: check.stdout + check.stderr }).toMatchObject({ status: 0, output: expect.stringContaining('Configuration file is valid') });
  });

  it('puts every process of the stack behind it, two replicas each, checked on /readyz (the gateway on /healthz)', () => {
    const config = readFileSync(join(DEPLOY, 'haproxy', 'haproxy.cfg'), 'utf8');
    for (const part of STACK_PROCESSES) {
      const tier = tierOf(part);
      const section = config.split(/\n(?=listen )/).find((block) => block.startsWith(`listen ${tier}\n`)) ?? '';
      const probe = part === 'gateway' ? '/healthz' : '/readyz';
      expect({ tier, servers: section.match(/^\s+server \S+/gm)?.map((line) => line.trim()), probe: section.includes(`uri ${probe} `) }).toEqual({
        tier,
        servers: [`server ${tier}-1`, `server ${tier}-2`],
        probe: true,
      });
    }
  });
});

describe('deploy/docker-compose.yml', () => {
  const compose = (env: NodeJS.ProcessEnv) =>
    spawnSync('docker-compose', ['-f', join(DEPLOY, 'docker-compose.yml'), 'config'], { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });

  dockerCompose.it(`is valid for docker-compose, runs two replicas of every process, and needs the secrets${dockerCompose.note}`, () => {
    const valid = compose(COMPOSE_SECRETS);
    expect({ status: valid.status, errors: valid.stderr }).toEqual({ status: 0, errors: '' });
    const services = Object.keys(parseYaml(valid.stdout).services).sort();
    const replicas = STACK_PROCESSES.flatMap((part) => [`${tierOf(part)}-1`, `${tierOf(part)}-2`]);
    expect(services).toEqual([...replicas, 'haproxy', 'postgres', 'redis'].sort());
    expect(compose({}).stderr).toMatch(/set (SECRET_KEY|JWT_PRIVATE_KEY|POSTGRES_PASSWORD) in deploy\/\.env/);
  });
});

/** The script each process runs, as deploy/ names it after Node's options. */
const scriptOf = (part: ProcessName) => (SUBGRAPH_NAMES.includes(part as SubgraphName) ? `dist/subgraphs/${part}/main.js` : `dist/${part}/main.js`);

describe("deploy/'s Node options", () => {
  it("start every process with the launcher's (lib/stack-launch/node-flags.ts), in compose and in Kubernetes", () => {
    const services = parseYaml(readFileSync(join(DEPLOY, 'docker-compose.yml'), 'utf8'), { merge: true }).services;
    const containers = readdirSync(join(DEPLOY, 'kubernetes'))
      .filter((file) => file.endsWith('.yaml'))
      .flatMap((file) => parseAllDocuments(readFileSync(join(DEPLOY, 'kubernetes', file), 'utf8')).map((document) => document.toJS()))
      .filter((object) => object.kind === 'Deployment');
    for (const part of STACK_PROCESSES) {
      const expected = [...nodeFlagsOf(part), scriptOf(part)];
      const deployment = containers.find((object) => object.metadata.name === tierOf(part));
      expect({ part, compose: [1, 2].map((replica) => services[`${tierOf(part)}-${replica}`]?.command), kubernetes: deployment?.spec.template.spec.containers[0].args }).toEqual({
        part,
        compose: [expected, expected],
        kubernetes: expected,
      });
    }
  });
});

describe('deploy/kubernetes', () => {
  const folder = join(DEPLOY, 'kubernetes');
  const documents = readdirSync(folder)
    .filter((file) => file.endsWith('.yaml'))
    .flatMap((file) => parseAllDocuments(readFileSync(join(folder, file), 'utf8')).map((document) => ({ file, object: document.toJS() })));
  const named = (kind: string, name: string) => documents.find(({ object }) => object.kind === kind && object.metadata?.name === name)?.object;

  it("validates every manifest against Kubernetes' JSON schemas (kubernetes-models)", () => {
    const problems = documents.flatMap(({ file, object }) => {
      const where = `${file}: ${object.kind} ${object.metadata?.name}`;
      let model: new (data: unknown) => { validate(): void };
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        model = require(`kubernetes-models/${object.apiVersion}/${object.kind}`)[object.kind];
      } catch {
        return [`${where}: no schema for ${object.apiVersion} ${object.kind}`];
      }
      try {
        new model(object).validate();
        return [];
      } catch (error) {
        return [`${where}: ${(error as Error).message}`];
      }
    });
    expect(problems).toEqual([]);
    expect(documents.length).toBeGreaterThan(STACK_PROCESSES.length * 3);
  });

  it('runs every process as a Deployment of two replicas behind a Service, with its probes, settings and secrets', () => {
    for (const part of STACK_PROCESSES) {
      const name = tierOf(part);
      const deployment = named('Deployment', name);
      const container = deployment?.spec.template.spec.containers[0];
      const readiness = part === 'gateway' ? '/healthz' : '/readyz';
      expect({
        name,
        replicas: deployment?.spec.replicas,
        port: container?.ports[0].containerPort,
        liveness: container?.livenessProbe.httpGet.path,
        readiness: container?.readinessProbe.httpGet.path,
        from: container?.envFrom.map((source: { configMapRef?: { name: string }; secretRef?: { name: string } }) => source.configMapRef?.name ?? source.secretRef?.name),
        service: named('Service', name)?.spec.ports[0].port,
        disruptionBudget: named('PodDisruptionBudget', name)?.spec.minAvailable,
      }).toEqual({ name, replicas: 2, port: defaultPorts[part], liveness: '/healthz', readiness, from: ['switchyard-settings', 'switchyard-secrets'], service: defaultPorts[part], disruptionBudget: 1 });
    }
    expect(Object.keys(named('Secret', 'switchyard-secrets')?.stringData ?? {}).sort()).toEqual(['DATABASE_URL', 'JWT_PRIVATE_KEY', 'REDIS_URL', 'SECRET_KEY']);
    expect(named('ConfigMap', 'switchyard-settings')?.data).toMatchObject({ NODE_ENV: 'production', GATEWAY_URL: `http://gateway:${defaultPorts.gateway}/graphql` });
  });
});
