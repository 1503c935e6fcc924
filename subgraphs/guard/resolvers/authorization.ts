/**
 * The guard's authorization as the gateway enforces it before fetching (docs/gateway.md): each
 * mirrors the services' own check, which stays as the second line. A scope is a `perms` entry
 * `resource:action` of the caller's JWT; `credential:api-key` is an `X-API-Key` caller.
 */

/** Organisation.workflows and .usage: `organisation.read` or `workflow.update`, or an API key (OrganisationAccess.requireRead). */
export const READ_ORGANISATION_WORKFLOWS = '@requiresScopes(scopes: [["organisation:read"], ["workflow:update"], ["credential:api-key"]])';

/** Listing an organisation's API keys: operators who control workflows (OrganisationAccess.requireControl). */
export const CONTROL_WORKFLOWS = '@requiresScopes(scopes: [["workflow:update"]])';

/** Code beyond scopes (the gateway's policy `organisation_admin`): the caller administers at least one organisation. */
export const ORGANISATION_ADMIN = '@policy(policies: [["organisation_admin"]])';

/** The audit trail: operators who read or control the organisation (AuditReads, OrganisationAccess.requireRead). */
export const READ_AUDIT_TRAIL = '@requiresScopes(scopes: [["organisation:read"], ["workflow:update"]])';
