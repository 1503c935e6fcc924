import { randomBytes } from 'node:crypto';
import { pgClient } from './pg-client';

/**
 * A throwaway PostgreSQL database, created beside the one `adminUrl` names and dropped after:
 * for generating migrations and for test runs that must not see each other's rows.
 */
export async function withScratchPostgres<T>(adminUrl: string, prefix: string, work: (url: string) => Promise<T>): Promise<T> {
  const { url, drop } = await createScratchPostgres(adminUrl, prefix);
  try {
    return await work(url);
  } finally {
    await drop();
  }
}

export async function createScratchPostgres(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = pgClient(adminUrl);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
