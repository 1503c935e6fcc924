import type { EntityManager } from '@mikro-orm/core';
import { isAllowed, type RequestIdentity } from '../../../lib/auth';
import { forUpdate } from '../../../lib/db';
import type { RequestDatabase } from '../../../lib/subgraph-kit';
import { checkDisplayName } from '../../../lib/validation';
import { badInput, conflict, forbidden, notFound } from '../../../lib/errors';
import { Membership, Organisation, OrganisationRole, User } from '../entities';
import { readOrganisation, type OrganisationRecord } from './account-reads';
import type { TokenService } from './token.service';

type OrganisationAction = 'read' | 'create' | 'update' | 'delete';

/**
 * Organisations and the roles of their members. Accounts owns these rows, so it authorises
 * against the caller's current grants rather than the possibly older ones in the token.
 */
export class OrganisationService {
  constructor(
    private readonly db: RequestDatabase,
    private readonly identity: RequestIdentity,
    private readonly tokens: TokenService,
  ) {}

  private get em(): EntityManager {
    return this.db.em;
  }

  async get(id: string): Promise<OrganisationRecord> {
    await this.authorize('read', id);
    const organisation = await readOrganisation(this.db.reader, id);
    if (!organisation) throw notFound('Organisation not found');
    return organisation;
  }

  /** For references from other subgraphs, which authorised their own root field. */
  async findById(id: string): Promise<OrganisationRecord | null> {
    return readOrganisation(this.db.reader, id);
  }

  async create(name: string): Promise<Organisation> {
    const checkedName = checkDisplayName(name);
    await this.authorize('create');
    const creator = await this.em.findOneOrFail(User, { id: this.identity.userId }, { failHandler: () => notFound('User not found') });
    const organisation = new Organisation(checkedName);
    organisation.memberships.add(new Membership(organisation, creator, OrganisationRole.admin));
    await this.em.persistAndFlush(organisation);
    return organisation;
  }

  async rename(id: string, name: string): Promise<Organisation> {
    const checkedName = checkDisplayName(name);
    await this.authorize('update', id);
    const organisation = await this.load(id);
    organisation.name = checkedName;
    await this.em.flush();
    return organisation;
  }

  async delete(id: string): Promise<boolean> {
    await this.authorize('delete', id);
    const organisation = await this.load(id);
    await this.em.removeAndFlush(organisation);
    return true;
  }

  async addMember(organisationId: string, userId: string, role: OrganisationRole): Promise<Membership> {
    await this.authorize('update', organisationId);
    return this.em.transactional(async (em) => {
      const organisation = await this.lock(em, organisationId);
      const user = await em.findOne(User, { id: userId });
      if (!user) throw badInput('userId', 'No user has this id');
      if (await em.count(Membership, { organisation, user })) throw conflict('userId', 'The user is already a member');
      const membership = new Membership(organisation, user, role);
      em.persist(membership);
      return membership;
    });
  }

  async changeRole(organisationId: string, userId: string, role: OrganisationRole): Promise<Membership> {
    await this.authorize('update', organisationId);
    return this.em.transactional(async (em) => {
      const organisation = await this.lock(em, organisationId);
      const membership = await this.membershipOf(em, organisation, userId);
      if (membership.role === OrganisationRole.admin && role !== OrganisationRole.admin) await this.keepAnAdmin(em, organisation);
      membership.role = role;
      return membership;
    });
  }

  /** Admins remove anyone; every member may leave. The last admin can do neither. */
  async removeMember(organisationId: string, userId: string): Promise<boolean> {
    if (userId !== this.identity.userId) await this.authorize('update', organisationId);
    return this.em.transactional(async (em) => {
      const organisation = await this.lock(em, organisationId);
      const membership = await this.membershipOf(em, organisation, userId);
      if (membership.role === OrganisationRole.admin) await this.keepAnAdmin(em, organisation);
      em.remove(membership);
      return true;
    });
  }

  async membersOf(organisation: OrganisationRecord): Promise<Membership[]> {
    return this.em.find(Membership, { organisation: organisation.id }, { populate: ['user'], orderBy: { createdAt: 'asc' } });
  }

  async membershipsOf(userId: string): Promise<Membership[]> {
    return this.em.find(Membership, { user: userId }, { populate: ['organisation'], orderBy: { createdAt: 'asc' } });
  }

  private async authorize(action: OrganisationAction, organisationId?: string): Promise<void> {
    const { perms } = await this.tokens.currentGrants(this.identity.userId);
    if (!isAllowed(perms, 'organisation', action, { organisationId })) {
      // Not telling outsiders whether an organisation exists.
      if (action !== 'create' && !(await this.isMember(organisationId!))) throw notFound('Organisation not found');
      throw forbidden(`Only an organisation admin may ${action} it`);
    }
  }

  private async isMember(organisationId: string): Promise<boolean> {
    return (await this.em.count(Membership, { organisation: organisationId, user: this.identity.userId })) > 0;
  }

  private async load(id: string): Promise<Organisation> {
    const organisation = await this.em.findOne(Organisation, { id });
    if (!organisation) throw notFound('Organisation not found');
    return organisation;
  }

  /** Serialises membership changes of one organisation, so two demotions cannot both pass. */
  private async lock(em: EntityManager, id: string): Promise<Organisation> {
    const organisation = await em.findOne(Organisation, { id }, forUpdate<Organisation>(em));
    if (!organisation) throw notFound('Organisation not found');
    return organisation;
  }

  private async membershipOf(em: EntityManager, organisation: Organisation, userId: string): Promise<Membership> {
    const membership = await em.findOne(Membership, { organisation, user: userId });
    if (!membership) throw notFound('The user is not a member of this organisation');
    return membership;
  }

  private async keepAnAdmin(em: EntityManager, organisation: Organisation): Promise<void> {
    const admins = await em.count(Membership, { organisation, role: OrganisationRole.admin });
    if (admins <= 1) throw conflict('userId', 'An organisation must keep at least one admin');
  }
}
