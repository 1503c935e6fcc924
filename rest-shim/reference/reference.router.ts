import { dirname, join } from 'node:path';
import { Router } from 'express';
import { requestOrigin } from '../kit/pagination';
import { docsRoute, openApiRoute, viewerAssets } from './reference-routes';

/** swagger-ui-dist ships the viewer prebuilt; it is served from node_modules, never a CDN. */
const viewerDir = dirname(require.resolve('swagger-ui-dist/package.json'));

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Switchyard REST shim</title>
  <link rel="stylesheet" href="/docs/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({ url: '${openApiRoute.path}', dom_id: '#reference', deepLinking: true, displayOperationId: true });
  </script>
</body>
</html>
`;

/**
 * `/openapi.json` (the document, built and serialised once at start-up; only its `servers` entry
 * is written per request: `PUBLIC_BASE_URL`, else the origin the caller reached) and `/docs`,
 * the page that renders it with each operation's id.
 */
export function referenceRouter(document: (origin: string) => Record<string, unknown>, publicBaseUrl?: string): Router {
  const router = Router();
  const { servers, ...rest } = document('http://localhost') as { servers: Array<Record<string, unknown>> };
  // `{"openapi":…}` without its opening brace, for the servers to go in front.
  const tail = JSON.stringify(rest).slice(1);
  router.get(openApiRoute.path, (req, res) => {
    const origin = requestOrigin(req.protocol, req.get('host'), publicBaseUrl);
    res.type('application/json').send(`{"servers":${JSON.stringify(servers.map((server) => ({ ...server, url: origin })))},${tail}`);
  });
  router.get(docsRoute.path, (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  for (const [path, asset] of Object.entries(viewerAssets)) {
    router.get(path, (_req, res, next) => {
      // Express calls back after a whole transfer too: passing that on to `next` ran the routes
      // after this one, whose 404 found the answer sent, and express then cut the connection
      // under the client's next keep-alive request. Only a failure goes on, and only one met
      // before the answer began; one met while sending (the client gone) ends the answer.
      res.sendFile(join(viewerDir, asset.file), { maxAge: '1h', headers: { 'content-type': asset.type } }, (error?: Error) => {
        if (!error) return;
        if (res.headersSent) res.destroy();
        else next(error);
      });
    });
  }
  return router;
}
