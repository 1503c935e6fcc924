import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoginThrottle } from '../../../lib/auth';
import { openDomainDatabase, type DomainOrm } from '../../../lib/db';
import { createLogger } from '../../../lib/logging';
import { MemoryAttemptWindows } from '../../../lib/rate-limit';
import { FeedUser } from '../entities';
import { feedDatabase } from '../feed-database';
import { FeedAccountService } from './feed-account.service';
import { FeedSessionService } from './feed-session.service';
import { hashSessionToken } from './session-token';

/** Session lifetimes against a real (SQLite) feed database, with a clock the test moves. */
describe('feed sessions', () => {
  const HOUR = 3600 * 1000;
  const dataDir = mkdtempSync(join(tmpdir(), 'feed-sessions-'));
  const logins = new LoginThrottle(new MemoryAttemptWindows(), { freeFailures: 1000, firstDelaySeconds: 1, maxFailuresPerClient: 1000, maxFailuresPerAccount: 1000, slowdownMs: 0, maxFailuresPerAddress: 1000, windowSeconds: 60 }, 'feed');
  let orm: DomainOrm;
  let now: Date;

  beforeAll(async () => {
    orm = await openDomainDatabase(feedDatabase, { dataDir, database: { dialect: 'sqlite' } }, createLogger('test', 'silent'));
  });
  afterAll(async () => {
    await orm.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    now = new Date('2030-01-01T00:00:00.000Z');
  });

  function services(token?: string, options: { secret?: string; admins?: string[] } = {}) {
    const em = orm.em.fork();
    const sessions = new FeedSessionService(em, { secret: options.secret ?? 'first secret', ttlSeconds: 3600 }, token, () => now);
    return { sessions, accounts: new FeedAccountService(em, sessions, new Set(options.admins ?? []), logins, '127.0.0.1') };
  }
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };
  const email = () => `s${Math.random().toString(36).slice(2)}@example.com`;
  const register = (address = email()) => services().accounts.register({ name: 'S', email: address, password: 'Secret123' });
  const callerOf = (token: string, secret?: string) => services(token, { secret }).sessions.currentUser();

  it('accepts a token for its lifetime and refuses it after', async () => {
    const { token } = await register();
    later(HOUR - 1000);
    await expect(callerOf(token)).resolves.toBeInstanceOf(FeedUser);
    later(2000);
    await expect(callerOf(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', message: 'The access token has expired' });
  });

  it('hands back the live token at login and starts its lifetime over', async () => {
    const { token, user } = await register();
    later(HOUR / 2);
    expect((await services().accounts.login(user.email, 'Secret123')).token).toBe(token);
    later(HOUR - 1000);
    await expect(callerOf(token)).resolves.toMatchObject({ id: user.id });
  });

  it('issues a new token at login once the old one has expired', async () => {
    const { token, user } = await register();
    later(HOUR + 1000);
    const renewed = await services().accounts.login(user.email, 'Secret123');
    expect(renewed.token).not.toBe(token);
    await expect(callerOf(renewed.token)).resolves.toMatchObject({ id: user.id });
    await expect(callerOf(token)).rejects.toMatchObject({ message: 'The access token is invalid' });
  });

  it('issues a new token at login when the session secret has changed', async () => {
    const { token, user } = await register();
    const renewed = await services(undefined, { secret: 'second secret' }).accounts.login(user.email, 'Secret123');
    expect(renewed.token).not.toBe(token);
    await expect(callerOf(renewed.token, 'second secret')).resolves.toMatchObject({ id: user.id });
    await expect(callerOf(token, 'second secret')).rejects.toMatchObject({ message: 'The access token is invalid' });
  });

  it('keeps only a hash of the token in the database', async () => {
    const { token, user } = await register();
    const [row] = await orm.em.fork().getConnection().execute('select * from feed_users where id = ?', [user.id]);
    expect(row.session_token_hash).toBe(hashSessionToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(token.length).toBeGreaterThanOrEqual(22);
  });

  it('makes a user an admin while their address is in the list, whatever its case', async () => {
    const address = email();
    const { user } = await services(undefined, { admins: [address] }).accounts.register({ name: 'A', email: address.toUpperCase(), password: 'Secret123' });
    expect(user.isAdmin).toBe(true);
    expect((await services(undefined, { admins: [] }).accounts.login(address, 'Secret123')).user.isAdmin).toBe(false);
    expect((await services(undefined, { admins: [address] }).accounts.login(address, 'Secret123')).user.isAdmin).toBe(true);
  });
});
