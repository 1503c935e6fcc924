import { request } from 'undici';
import { AppError } from '../../../../lib/errors';
import { malformedPackage } from '../../package/package-errors';
import type { InstallConfig } from './install-config';

type Admin = NonNullable<InstallConfig['admin']>;

interface AuthAnswer {
  data?: Record<string, { userId: string } | null>;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

/**
 * Makes `config.admin` an accounts user and returns its id: the user signs in with the given
 * password when the account exists, or is created with it. Accounts owns users, so this goes
 * through the graph like any other caller; the password is never stored by the installer.
 */
export class AdminAccounts {
  constructor(private readonly gatewayUrl: string) {}

  async userIdOf(admin: Admin, requestId: string): Promise<string> {
    const username = admin.username ?? usernameFrom(admin.email);
    const login = await this.call('mutation InstallerAdminLogin($u: String!, $p: String!) { login(username: $u, password: $p) { userId } }', { u: username, p: admin.password }, requestId);
    if (login.data?.login) return login.data.login.userId;
    const created = await this.call(
      'mutation InstallerAdminSignUp($u: String!, $e: String!, $p: String!) { createUserFromEmailPassword(username: $u, email: $e, password: $p) { userId } }',
      { u: username, e: admin.email, p: admin.password },
      requestId,
    );
    if (created.data?.createUserFromEmailPassword) return created.data.createUserFromEmailPassword.userId;
    const reason = created.errors?.[0]?.message ?? 'the account could not be created';
    throw malformedPackage('invalid-config', `config.admin: ${reason} (an existing account must be given with its username and password)`);
  }

  private async call(query: string, variables: Record<string, string>, requestId: string): Promise<AuthAnswer> {
    try {
      const response = await request(this.gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId },
        body: JSON.stringify({ query, variables }),
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      return (await response.body.json()) as AuthAnswer;
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'The accounts service could not be reached to set up config.admin');
    }
  }
}

/** A username within the accounts rules (`^[A-Za-z0-9_]{5,20}$`) from an e-mail address. */
export function usernameFrom(email: string): string {
  const local = email.split('@')[0].replace(/[^A-Za-z0-9_]/g, '_');
  return local.padEnd(5, '_').slice(0, 20);
}
