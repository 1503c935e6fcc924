import { dirname, join } from 'node:path';
import { Router } from 'express';
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
    window.ui = SwaggerUIBundle({ url: '${openApiRoute.path}', dom_id: '#reference', deepLinking: true });
  </script>
</body>
</html>
`;

/** `/openapi.json` (the document, built once at start-up) and `/docs`, the page that renders it. */
export function referenceRouter(document: Record<string, unknown>): Router {
  const router = Router();
  const body = JSON.stringify(document);
  router.get(openApiRoute.path, (_req, res) => {
    res.type('application/json').send(body);
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
