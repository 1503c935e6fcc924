import { Type } from '@sinclair/typebox';
import { StoreExchangeAppCodeDocument } from '../../generated/graph';
import { graphRoute } from '../../kit/route';

export const AppTokenPath = '/apps/authorize/token';

export const CodeExchange = Type.Object({
  client_id: Type.Optional(Type.String()),
  client_secret: Type.Optional(Type.String()),
  grant_type: Type.Optional(Type.String({ description: 'authorization_code' })),
  code: Type.Optional(Type.String({ description: 'The code the authorize redirect carried; single-use, 30 s' })),
});

export const AppToken = Type.Object(
  {
    access_token: Type.String({ description: '40 hex characters; send as Authentication: bearer <token>' }),
    token_type: Type.Literal('bearer'),
    scope: Type.String({ description: 'Granted scopes, comma-separated' }),
    user_id: Type.String({ description: 'The store id' }),
  },
  { description: 'The installation’s access token' },
);

export const OAuthError = Type.Object(
  {
    error: Type.Union(['invalid_request', 'unsupported_grant_type', 'invalid_grant', 'invalid_client', 'server_error'].map((code) => Type.Literal(code))),
    error_description: Type.String(),
  },
  { description: 'RFC 6749 §5.2' },
);

/** OAuth 2 authorization-code exchange of the store API (RFC 6749 §4.1.3); what is missing is the graph's to say. */
export const appTokenRoutes = [
  graphRoute({
    method: 'post',
    path: AppTokenPath,
    summary: 'Exchange an authorization code for the store’s access token',
    body: CodeExchange,
    response: AppToken,
    responseHeaders: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    errors: [400, 401],
    operation: StoreExchangeAppCodeDocument,
    variables: ({ body }) => ({ clientId: body.client_id, clientSecret: body.client_secret, grantType: body.grant_type, code: body.code }),
    reply: (data) => ({
      access_token: data.exchangeAppCode.accessToken,
      token_type: 'bearer' as const,
      scope: data.exchangeAppCode.scope,
      user_id: String(data.exchangeAppCode.storeId),
    }),
  }),
];
