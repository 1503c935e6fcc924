import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { Request } from 'express';
import { CLIENT_ADDRESS_HEADER, INTERNAL_TOKEN_HEADER } from '../../../lib/auth';
import { operationOf, type GatewayClient } from '../../../lib/graph-client';

/**
 * How the server-rendered pages read and write the graph: one named operation per call, on behalf
 * of the person at the browser. Their address is vouched for with the internal token, as the shim
 * does, so the gateway's rules that look at it (login throttling per address) see the person, not
 * this process; their credential, when the page holds one, goes as a bearer token.
 */
export class PageGateway {
  constructor(
    private readonly client: GatewayClient,
    private readonly internalToken: string,
  ) {}

  run<Result, Variables>(req: Request, document: TypedDocumentNode<Result, Variables>, variables: Variables, bearerToken?: string): Promise<Result> {
    const headers: Record<string, string> = {
      'x-request-id': String(req.id),
      [CLIENT_ADDRESS_HEADER]: req.socket.remoteAddress ?? '',
      [INTERNAL_TOKEN_HEADER]: this.internalToken,
    };
    if (bearerToken) headers.authorization = `Bearer ${bearerToken}`;
    return this.client.run(operationOf(document), variables, headers);
  }
}
