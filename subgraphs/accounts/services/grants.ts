import type { Perms } from '../../../lib/auth';
import { OrganisationRole } from '../entities';

export interface RoleInOrganisation {
  organisationId: string;
  role: OrganisationRole;
}

/**
 * The permissions a user's roles grant (decisions.md): members and admins read their
 * organisations and problems; admins also change them and control workflows; anyone may create
 * an organisation.
 */
export function permsFor(roles: RoleInOrganisation[]): Perms {
  const all = roles.map((r) => r.organisationId);
  const admin = roles.filter((r) => r.role === OrganisationRole.admin).map((r) => r.organisationId);
  const within = (organisationIds: string[]) => ({ organisationId: [...organisationIds] });
  return {
    organisation: { create: {}, read: within(all), update: within(admin), delete: within(admin) },
    problem: { read: within(all), create: within(admin), update: within(admin), delete: within(admin) },
    workflow: { update: within(admin) },
  };
}
