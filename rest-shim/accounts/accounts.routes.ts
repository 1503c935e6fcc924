import {
  CreateUserFromCodeHostDocument,
  CreateUserFromEmailPasswordDocument,
  JwksDocument,
  LoginDocument,
  RefreshTokenDocument,
  TokenPayloadDocument,
} from '../generated/graph';
import { graphRoute } from '../kit/route';
import { sessionBody } from './accounts-bodies';
import { CodeHostSignUpBody, EmailSignUpBody, GitHubSignUpBody, Jwks, LoginBody, Payload, Session, Token } from './accounts-schemas';

/** Service A of the accounts-and-feed spec: `/auth/*`, `/user/*` and the JWKS. */
export const accountsRoutes = [
  graphRoute({
    method: 'post',
    path: '/auth/login',
    summary: 'Sign in with a username and password',
    body: LoginBody,
    response: Token,
    errors: [400, 401, 429],
    operation: LoginDocument,
    variables: ({ body }) => body,
    reply: (data) => ({ token: data.login.token }),
  }),
  graphRoute({
    method: 'get',
    path: '/auth/payload',
    summary: 'The verified claims of the caller’s token',
    security: ['bearerAuth'],
    response: Payload,
    errors: [401],
    operation: TokenPayloadDocument,
    variables: () => ({}),
    reply: (data) => ({ payload: data.tokenPayload }),
  }),
  graphRoute({
    method: 'post',
    path: '/auth/refresh',
    summary: 'Re-issue the caller’s token with their current organisations and permissions',
    security: ['bearerAuth'],
    response: Token,
    errors: [401],
    operation: RefreshTokenDocument,
    variables: () => ({}),
    reply: (data) => ({ token: data.refreshToken.token }),
  }),
  graphRoute({
    method: 'post',
    path: '/user/createFromEmailPassword',
    summary: 'Sign up with an email and password',
    body: EmailSignUpBody,
    response: Session,
    errors: [400, 409],
    operation: CreateUserFromEmailPasswordDocument,
    variables: ({ body }) => body,
    reply: (data) => sessionBody(data.createUserFromEmailPassword),
  }),
  graphRoute({
    method: 'post',
    path: '/user/createFromCodeHost',
    summary: 'Sign up with a code-host identity',
    body: CodeHostSignUpBody,
    response: Session,
    errors: [400, 401, 409],
    operation: CreateUserFromCodeHostDocument,
    variables: ({ body }) => ({ username: body.username, codehostId: body.codehost_id, accessToken: body.access_token }),
    reply: (data) => sessionBody(data.createUserFromCodeHost),
  }),
  graphRoute({
    method: 'get',
    path: '/.well-known/jwks.json',
    summary: 'The public keys that verify access tokens',
    response: Jwks,
    responseHeaders: { 'Cache-Control': 'public, max-age=300' },
    errors: [],
    operation: JwksDocument,
    variables: () => ({}),
    reply: (data) => data.jwks,
  }),
];

/** The legacy alias of code-host sign-up, whose id field is `github_id`. */
export const githubAliasRoutes = [
  graphRoute({
    method: 'post',
    path: '/user/createFromGitHub',
    summary: 'Sign up with a GitHub identity (legacy alias of createFromCodeHost)',
    body: GitHubSignUpBody,
    response: Session,
    errors: [400, 401, 409],
    operation: CreateUserFromCodeHostDocument,
    variables: ({ body }) => ({ username: body.username, codehostId: body.github_id, accessToken: body.access_token }),
    reply: (data) => sessionBody(data.createUserFromCodeHost),
  }),
];
