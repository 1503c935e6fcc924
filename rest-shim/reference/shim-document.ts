import type { ApiSection } from '../kit/openapi';
import { openApiDocument } from '../kit/openapi';
import { AccountsError, bearerAuth } from '../accounts/accounts-schemas';
import { accountsRoutes, githubAliasRoutes } from '../accounts/accounts.routes';
import { FeedError } from '../feed/feed-schemas';
import { feedRoutes } from '../feed/feed.routes';
import { GuardError, guardSecurity } from '../guard/guard-schemas';
import { capabilitiesRoute, controlChannelRoute, guardRoutes } from '../guard/guard.routes';
import { ShimError, shimRoutes } from './reference-routes';
import { InstallerError } from '../installer/installer-schemas';
import { installerRoutes } from '../installer/installer.routes';
import { moduleRoutes } from '../modules/modules.routes';
import { OAuthError, appTokenRoutes } from '../store/app-token/app-token.routes';
import { StoreError } from '../store/store-schemas';
import { STORE_ROUTES } from '../store/store.router';

/** Legacy form and JSON bodies, as accounts and feed read them. */
const LEGACY_BODY_TYPES = ['application/json', 'application/x-www-form-urlencoded'];
/** Any legacy route may meet a body it cannot read, a method it does not serve, or a graph that is down. */
const LEGACY_ERRORS = [405, 413, 415, 500, 503];

/** Every API the shim serves, as the OpenAPI document lists them. */
export const shimSections: ApiSection[] = [
  {
    tag: 'accounts',
    description: 'Service A of the accounts-and-feed spec: users, sign-in and tokens. Errors are `{error, field?}`.',
    routes: [...accountsRoutes, ...githubAliasRoutes],
    errorBody: AccountsError,
    commonErrors: LEGACY_ERRORS,
    bodyTypes: LEGACY_BODY_TYPES,
    securitySchemes: bearerAuth,
  },
  {
    tag: 'feed',
    description: 'Service B of the accounts-and-feed spec: readers, brands and subscriptions. Errors are `{message, field?}`.',
    routes: feedRoutes,
    errorBody: FeedError,
    commonErrors: LEGACY_ERRORS,
    bodyTypes: LEGACY_BODY_TYPES,
    securitySchemes: { accessToken: { type: 'apiKey', in: 'query', name: 'access_token', description: 'The reader’s session token; the X-Access-Token header works too' } },
  },
  {
    tag: 'guard',
    description:
      'The guard wire protocol, version 3: the gate, usage, chains, workflow control and the control channel. Every route but `/capabilities` needs `X-Guard-Protocol: 3`. Errors are `{error_code, error_message, details, retry_after_ms}`; every shape failure is 400 `VALIDATION_FAILED`.',
    routes: [capabilitiesRoute, ...guardRoutes, controlChannelRoute],
    errorBody: GuardError,
    commonErrors: [400, 405, 500, 503],
    bodyTypes: ['application/json'],
    securitySchemes: guardSecurity,
  },
  {
    tag: 'installer',
    description:
      'Area B of the store-api-and-installer spec: install and upgrade packages (gated: loopback callers, or X-Installer-Token when INSTALLER_AGENT_TOKEN is set), status, live modules. Errors are `{"detail": ...}` (decisions.md).',
    routes: installerRoutes,
    errorBody: InstallerError,
    commonErrors: [405, 500, 503],
    bodyTypes: ['multipart/form-data', 'application/json', 'application/zip'],
    securitySchemes: {
      installerToken: { type: 'apiKey', in: 'header', name: 'X-Installer-Token', description: 'INSTALLER_AGENT_TOKEN, when the backend sets it' },
      generatorToken: { type: 'apiKey', in: 'header', name: 'X-Generator-Token', description: 'The generator access token the caller signed in with' },
    },
  },
  {
    tag: 'modules',
    description: 'The data API of live modules, for accounts users (JWT) who are members of the module. Errors are `{"detail": ...}`.',
    routes: moduleRoutes,
    errorBody: InstallerError,
    commonErrors: [405, 413, 415, 500, 503],
    bodyTypes: ['application/json'],
    securitySchemes: bearerAuth,
  },
  {
    tag: 'store',
    description:
      'The store platform API (specs/store.md): `Authentication: bearer <token>` and a `User-Agent` on every call; a leaky bucket of 40 ' +
      'per installation (`X-Rate-Limit-*`); JSON, or XML with `Accept: application/xml` or a `.xml` suffix; `?fields=`; lists paged with ' +
      '`page`/`per_page`, `X-Total-Count` and `Link`. Errors are `{code, message, description}`, 422 `{field: [messages]}`, bad JSON `{error}`.',
    routes: STORE_ROUTES,
    errorBody: StoreError,
    commonErrors: [400, 401, 402, 403, 405, 413, 429, 500, 503],
    bodyTypes: ['application/json'],
    securitySchemes: { appToken: { type: 'apiKey', in: 'header', name: 'Authentication', description: '`bearer <access token>` (Authorization: Bearer works too)' } },
  },
  {
    tag: 'store-oauth',
    description: 'The store API’s OAuth 2 token endpoint (authorization code). Errors are RFC 6749 `{error, error_description}`.',
    routes: appTokenRoutes,
    errorBody: OAuthError,
    commonErrors: [405, 500, 503],
    bodyTypes: LEGACY_BODY_TYPES,
  },
  {
    tag: 'shim',
    description: 'The shim’s own routes: health and this reference. A path no API serves answers 404 `{error, path}`.',
    routes: shimRoutes,
    errorBody: ShimError,
    commonErrors: [],
    bodyTypes: [],
  },
];

/**
 * The shim's OpenAPI 3.1 document, built from the route declarations, served from `origin`
 * (`PUBLIC_BASE_URL`, else the origin the caller reached: see referenceRouter).
 */
export function shimDocument(origin: string): Record<string, unknown> {
  return openApiDocument(
    {
      title: 'Switchyard REST shim',
      version: '1.0.0',
      description: 'The legacy REST APIs, each route served by one GraphQL operation against the Switchyard gateway.',
    },
    shimSections,
    [{ url: origin, description: 'This shim' }],
  );
}
