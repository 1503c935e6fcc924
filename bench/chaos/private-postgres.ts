import { execFile, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Debian keeps the server's tools out of the PATH, under /usr/lib/postgresql/<version>/bin. */
const DEBIAN_POSTGRESQL = '/usr/lib/postgresql';

/** A server tool (`initdb`, `pg_ctl`): from the PATH, else Debian's newest installed version; undefined when there is none. */
export function postgresTool(name: string): string | undefined {
  if (spawnSync(name, ['--version']).status === 0) return name;
  const versions = existsSync(DEBIAN_POSTGRESQL) ? readdirSync(DEBIAN_POSTGRESQL).sort((a, b) => Number(b) - Number(a)) : [];
  return versions.map((version) => join(DEBIAN_POSTGRESQL, version, 'bin', name)).find((path) => existsSync(path));
}

/**
 * A PostgreSQL cluster of the run's own (`initdb` into `dataDir`, `pg_ctl` on `port`, trust on the
 * loopback, fsync off), so that the run can restart it as a fault without touching the machine's
 * server. As root, the tools run as the `postgres` user (initdb refuses root).
 */
export class PrivatePostgres {
  private constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}

  /** Whether `initdb` and `pg_ctl` are installed. */
  static get available(): boolean {
    return postgresTool('initdb') !== undefined && postgresTool('pg_ctl') !== undefined;
  }

  static async start(port: number, dataDir: string): Promise<PrivatePostgres> {
    const server = new PrivatePostgres(port, dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    if (process.getuid?.() === 0) chownSync(dataDir, ...(await postgresIds()));
    await server.tool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-N']);
    await server.start();
    return server;
  }

  /** The server URL (its `postgres` database), as TEST_DATABASE_URL would be. */
  get url(): string {
    return `postgresql://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.dataDir, '-l', `${this.dataDir}/server.log`, '-w', '-t', '120', '-o', this.options(), 'start']);
  }

  /** A fast shutdown (every connection dropped, transactions in flight rolled back), then a start. */
  async restart(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.dataDir, '-l', `${this.dataDir}/server.log`, '-m', 'fast', '-w', '-t', '120', '-o', this.options(), 'restart']);
  }

  async stop(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private options(): string {
    return `-p ${this.port} -k ${this.dataDir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  }

  private async tool(tool: string, args: string[]): Promise<void> {
    const name = postgresTool(tool);
    if (!name) throw new Error(`${tool} is not installed (the postgresql package)`);
    const asPostgres = process.getuid?.() === 0;
    await run(asPostgres ? 'runuser' : name, asPostgres ? ['-u', 'postgres', '--', name, ...args] : args, { timeout: 180_000 });
  }
}

async function postgresIds(): Promise<[number, number]> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return [Number(uid.stdout.trim()), Number(gid.stdout.trim())];
}
