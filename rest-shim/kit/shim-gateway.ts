import type { Request } from 'express';
import { gatewayHeaders } from './credentials';
import type { GatewayClient } from './gateway-client';
import type { Operation } from './operations';

/** What a route uses to run its one operation on behalf of the caller of `req`. */
export class ShimGateway {
  constructor(
    private readonly client: GatewayClient,
    private readonly internalToken: string,
  ) {}

  run<T>(req: Request, operation: Operation, variables: Record<string, unknown> = {}, extraHeaders?: Record<string, string>): Promise<T> {
    return this.client.run<T>(operation, variables, gatewayHeaders(req, this.internalToken, extraHeaders));
  }
}
