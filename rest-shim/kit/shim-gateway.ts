import { gatewayHeaders, type Caller } from './credentials';
import type { GraphExecutor, Operation } from '../../lib/graph-client';

/** What a route uses to run its one operation on behalf of the caller of `req`. */
export class ShimGateway {
  constructor(
    private readonly executor: GraphExecutor,
    private readonly internalToken: string,
  ) {}

  run<Result, Variables = Record<string, unknown>>(req: Caller, operation: Operation<Result, Variables>, variables: Variables, extraHeaders?: Record<string, string>): Promise<Result> {
    return this.executor.run(operation, variables, gatewayHeaders(req, this.internalToken, extraHeaders));
  }
}
