import type { Perms, TokenIssuer } from '../../../lib/auth';
import type { RequestDatabase } from '../../../lib/subgraph-kit';
import type { User } from '../entities';
import { readRolesOfUser } from './account-reads';
import { permsFor } from './grants';

/** Issues access tokens that carry a user's current organisations and permissions. */
export class TokenService {
  constructor(
    private readonly db: RequestDatabase,
    private readonly issuer: TokenIssuer,
  ) {}

  async currentGrants(userId: string): Promise<{ orgs: string[]; perms: Perms }> {
    const roles = await readRolesOfUser(this.db.reader, userId);
    return { orgs: roles.map((r) => r.organisationId), perms: permsFor(roles) };
  }

  async issueFor(user: User): Promise<string> {
    const grants = await this.currentGrants(user.id);
    return this.issuer.issue({ userId: user.id, ...grants });
  }
}
