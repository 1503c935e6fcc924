import { HeaderMap } from '@apollo/server';
import type { RequestHandler } from 'express';
import { bodyPayload, writeChunks } from '../../lib/net';
import type { GatewayContext } from '../../lib/gateway-core/gateway-context';
import type { GatewayRequests } from './gateway-requests';

/**
 * The express end of the gateway's request path (GET, and the requests the HTTP front hands on:
 * browsers' calls with an `Origin`, compressed or chunked bodies), after the JSON body parser: what
 * `expressMiddleware` of Apollo's integration does, with the gateway's own request path before
 * Apollo.
 */
export function gatewayRoute(requests: GatewayRequests, context: (req: Parameters<RequestHandler>[0]) => Promise<GatewayContext>): RequestHandler {
  return async (req, res, next) => {
    try {
      const headers = new HeaderMap();
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const queryAt = req.url.indexOf('?');
      const answer = await requests.answer(
        { method: req.method.toUpperCase(), headers, search: queryAt < 0 ? '' : req.url.slice(queryAt), body: req.body },
        () => context(req),
        req.log,
      );
      for (const [name, value] of answer.headers) res.setHeader(name, value);
      res.statusCode = answer.status ?? 200;
      if (answer.body.kind === 'complete') {
        res.send(bodyPayload(answer.body));
        return;
      }
      await writeChunks(res, answer.body.asyncIterator);
    } catch (error) {
      if (res.headersSent) res.destroy();
      else next(error);
    }
  };
}
