import { PreparedRead } from '../../../lib/db';
import { Membership, Organisation, type OrganisationRole } from '../entities';

/** An organisation as reads return it: its row, not an entity. */
export interface OrganisationRecord {
  id: string;
  name: string;
  createdAt: Date;
}

/**
 * The reads every authorised organisation call makes (the caller's current grants, the
 * organisation itself), prepared once: they return what they read and change nothing, so they
 * skip query building and entities (see PreparedRead). Writes still load entities.
 */
const rolesOfUser = new PreparedRead(Membership, ['userId'], (qb, param) => qb.select(['organisation', 'role']).where({ user: param('userId') }).orderBy({ createdAt: 'asc' }));
const organisationById = new PreparedRead(Organisation, ['id'], (qb, param) => qb.select(['id', 'name', 'createdAt']).where({ id: param('id') }));

/** The user's roles, oldest membership first. */
export async function readRolesOfUser(em: Parameters<typeof rolesOfUser.all>[0], userId: string): Promise<Array<{ organisationId: string; role: OrganisationRole }>> {
  const rows = await rolesOfUser.all(em, { userId });
  return rows.map((row) => ({ organisationId: row.organisation as string, role: row.role as OrganisationRole }));
}

export async function readOrganisation(em: Parameters<typeof organisationById.one>[0], id: string): Promise<OrganisationRecord | null> {
  return (await organisationById.one(em, { id })) as OrganisationRecord | null;
}
