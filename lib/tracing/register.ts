/**
 * Imported first by every process's `main.ts` (the subgraph kit's index does it for subgraphs):
 * when an OTLP endpoint is configured, starts tracing before express, graphql, pg or ioredis are
 * loaded, so their instrumentations can wrap them. When none is, the tracing SDK is not even
 * required: tracing off costs nothing.
 */
import { basename, dirname, sep } from 'node:path';
import { EnvReader } from '../config/env-reader';
import { readTracingConfig } from '../config/tracing-config';
import { setRouteMarker } from './route-marker';
import { setTraceFlusher } from './trace-flush';

const tracing = readTracingConfig(new EnvReader(process.env));
if (tracing.endpoint) {
  // A type-only import: the module is loaded here, and only here.
  const { markServerRoute, startTracing } = require('./start-tracing') as typeof import('./start-tracing');
  setTraceFlusher(startTracing(processName(process.argv[1] ?? 'node')));
  setRouteMarker(markServerRoute);
}

/** `dist/subgraphs/feed/main.js` is `feed`, `dist/gateway/main.js` is `gateway`. */
function processName(entry: string): string {
  const folder = dirname(entry);
  return basename(folder) === 'dist' || folder.endsWith(`${sep}bench`) ? basename(entry, '.js') : basename(folder);
}
