import { Counter, Gauge } from 'prom-client';

/** Why a new supergraph was refused: a bounded set, named by the gateway core's supergraph reloader. */
export type SupergraphRefusal = 'unreadable' | 'empty' | 'parse' | 'invalid';

export const supergraphReloadFailures = new Counter({
  name: 'gateway_supergraph_reload_failures_total',
  help: 'New supergraphs refused (the one before kept serving), by reason: unreadable (file or URL), empty, parse, invalid (not a valid supergraph)',
  labelNames: ['reason'] as const,
});

export const supergraphReloads = new Counter({
  name: 'gateway_supergraph_reloads_total',
  help: 'New supergraphs swapped in without a restart (the one loaded at start is not counted)',
});

export const supergraphLoadedAt = new Gauge({
  name: 'gateway_supergraph_loaded_timestamp_seconds',
  help: 'When the supergraph being served was loaded (Unix time)',
});

export const supergraphInfo = new Gauge({
  name: 'gateway_supergraph_info',
  help: 'The supergraph being served: 1 for its hash (the first 16 hex digits of its SHA-256)',
  labelNames: ['hash'] as const,
});
