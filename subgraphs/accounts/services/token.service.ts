import type { EntityManager } from '@mikro-orm/core';
import type { Perms, TokenIssuer } from '../../../lib/auth';
import { Membership, type User } from '../entities';
import { permsFor } from './grants';

/** Issues access tokens that carry a user's current organisations and permissions. */
export class TokenService {
  constructor(
    private readonly em: EntityManager,
    private readonly issuer: TokenIssuer,
  ) {}

  async currentGrants(userId: string): Promise<{ orgs: string[]; perms: Perms }> {
    const memberships = await this.em.find(Membership, { user: userId }, { orderBy: { createdAt: 'asc' } });
    const roles = memberships.map((m) => ({ organisationId: m.organisation.id, role: m.role }));
    return { orgs: roles.map((r) => r.organisationId), perms: permsFor(roles) };
  }

  async issueFor(user: User): Promise<string> {
    const grants = await this.currentGrants(user.id);
    return this.issuer.issue({ userId: user.id, ...grants });
  }
}
