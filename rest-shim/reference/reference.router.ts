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

/** Origins whose document is kept serialised; past this many (a host per request, say) they start again. */
const KEPT_ORIGINS = 16;

/**
 * `/openapi.json` (the document, built once per origin it names in `servers`: `PUBLIC_BASE_URL`,
 * else the origin the caller reached) and `/docs`, the page that renders it with each
 * operation's id.
 */
export function referenceRouter(document: (origin: string) => Record<string, unknown>, publicBaseUrl?: string): Router {
  const router = Router();
  const bodies = new Map<string, string>();
  const serialised = (origin: string): string => {
    let body = bodies.get(origin);
    if (body === undefined) {
      if (bodies.size >= KEPT_ORIGINS) bodies.clear();
      body = JSON.stringify(document(origin));
      bodies.set(origin, body);
    }
    return body;
  };
  // Built once now, so that a declaration the document cannot take fails at start-up.
  serialised(publicBaseUrl?.replace(/\/+$/, '') ?? 'http://localhost');
  router.get(openApiRoute.path, (req, res) => {
    res.type('application/json').send(serialised(requestOrigin(req, publicBaseUrl)));
  });
  router.get(docsRoute.path, (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  for (const [path, asset] of Object.entries(viewerAssets)) {
    router.get(path, (_req, res, next) => {
      res.sendFile(join(viewerDir, asset.file), { maxAge: '1h', headers: { 'content-type': asset.type } }, next);
    });
  }
  return router;
}
