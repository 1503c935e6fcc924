import type { EntityManager } from '@mikro-orm/core';
import type { Perms, TokenIssuer } from '../../../lib/auth';
import type { User } from '../entities';
import { readRolesOfUser } from './account-reads';
import { permsFor } from './grants';

/** Issues access tokens that carry a user's current organisations and permissions. */
export class TokenService {
  constructor(
    private readonly em: EntityManager,
    private readonly issuer: TokenIssuer,
  ) {}

  async currentGrants(userId: string): Promise<{ orgs: string[]; perms: Perms }> {
    const roles = await readRolesOfUser(this.em, userId);
    return { orgs: roles.map((r) => r.organisationId), perms: permsFor(roles) };
  }

  async issueFor(user: User): Promise<string> {
    const grants = await this.currentGrants(user.id);
    return this.issuer.issue({ userId: user.id, ...grants });
  }
}
