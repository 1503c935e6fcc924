import type { CallerGrants } from './caller-grants';

/**
 * The `@policy` rules the gateway evaluates, by name: code over the caller's grants. A policy the
 * supergraph names that is not here fails closed (the field is removed).
 */
export const POLICIES: Record<string, (caller: CallerGrants) => boolean> = {
  /** Administers at least one organisation: its JWT may update some organisation. */
  organisation_admin: (caller) => (caller.perms?.organisation?.update?.organisationId?.length ?? 0) > 0,
};
