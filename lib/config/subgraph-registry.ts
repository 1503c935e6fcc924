/**
 * The subgraphs that exist. Configuration, `npm start`, the gateway, schema composition and the
 * test stacks all read this one list, so a process that is not built yet has no variables to set
 * or validate. Adding a subgraph is an entry here plus its folder `subgraphs/<name>/` (with
 * `<name>.subgraph.ts` and `main.ts`), whose definition `subgraphs/index.ts` must then list: the
 * compiler refuses a registered name without one. `npm run new:subgraph -- <name>` does all three
 * (docs/contributing.md).
 */
export const SUBGRAPH_REGISTRY = {
  accounts: { defaultPort: 4001 },
  feed: { defaultPort: 4002 },
  store: { defaultPort: 4003 },
  installer: { defaultPort: 4004 },
  guard: { defaultPort: 4005 },
} as const satisfies Record<string, SubgraphEntry>;

export interface SubgraphEntry {
  /** Port it listens on unless `<NAME>_PORT` says otherwise. */
  defaultPort: number;
}

export type SubgraphName = keyof typeof SUBGRAPH_REGISTRY;

/** Every subgraph, in composition and start-up order. */
export const SUBGRAPH_NAMES = Object.keys(SUBGRAPH_REGISTRY) as SubgraphName[];

/** The environment variables that place one subgraph: its port, and where the gateway reaches it. */
export function subgraphVariables(name: SubgraphName): { port: string; url: string } {
  const prefix = name.toUpperCase();
  return { port: `${prefix}_PORT`, url: `${prefix}_URL` };
}
