import type { GraphQLDataSource } from '@apollo/gateway';
import { applyRewrites, isObjectOfType } from '@apollo/gateway/dist/dataRewrites';
import { GraphQLDataSourceRequestKind } from '@apollo/gateway/dist/datasources/types';
import { deepMerge } from '@apollo/gateway/dist/utilities/deepMerge';
import type { DeferNode, FetchNode, PlanNode, QueryPlanSelectionNode } from '@apollo/query-planner';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { GraphQLError, type GraphQLSchema } from 'graphql';

type Path = Array<string | number>;
type Data = Record<string, unknown>;

/** An object of the operation's data a plan node works on, and where it is in the response. */
interface Entity {
  path: Path;
  value: Data;
}

/** A deferred part of the plan, started once the primary part it depends on is done. */
export interface StartedPart {
  /** The planner's label of the fragment (deferred-operation gives every fragment one). */
  label: string | undefined;
  /** Settles when the part's fetches are done (never rejects): its errors. */
  done: Promise<GraphQLError[]>;
}

export interface PlanExecutionOptions {
  sources: ReadonlyMap<string, GraphQLDataSource>;
  /** The supergraph as a graphql-js schema: entity types and data rewrites are read from it. */
  supergraphSchema: GraphQLSchema;
  requestContext: GatewayGraphQLRequestContext;
  /** The value of each `@skip`/`@include` condition variable (defaults applied). */
  condition: (variable: string) => boolean;
}

/**
 * Our executor of the query planner's plans with `DeferNode`s (`@apollo/gateway`'s own refuses
 * them): fetches, sequences, parallels, flattening into lists and conditions, over one data
 * object of the operation. A top-level `DeferNode` runs its primary part when `primary` is
 * awaited, then starts each deferred part at once and hands it to `onDeferred`; a `DeferNode`
 * inside a deferred part is run whole, with its parent. Subgraphs are called through the
 * gateway's own sources, as `@apollo/gateway` calls them (same request, context and path).
 */
export class PlanExecution {
  readonly data: Data = Object.create(null) as Data;

  constructor(private readonly options: PlanExecutionOptions) {}

  /** Runs the plan's primary part; its errors are returned, each deferred part goes to `onDeferred` as it starts. */
  async primary(node: PlanNode | undefined, onDeferred: (part: StartedPart) => void): Promise<GraphQLError[]> {
    const errors: GraphQLError[] = [];
    if (node) await this.run(node, [{ path: [], value: this.data }], errors, onDeferred);
    return errors;
  }

  private async run(node: PlanNode, at: Entity[], errors: GraphQLError[], onDeferred?: (part: StartedPart) => void): Promise<void> {
    switch (node.kind) {
      case 'Sequence':
        for (const child of node.nodes) await this.run(child, at, errors, onDeferred);
        return;
      case 'Parallel':
        await Promise.all(node.nodes.map((child) => this.run(child, at, errors, onDeferred)));
        return;
      case 'Flatten':
        return this.run(node.node, flatten(at, node.path), errors, onDeferred);
      case 'Condition': {
        const branch = this.options.condition(node.condition) ? node.ifClause : node.elseClause;
        if (branch) await this.run(branch, at, errors, onDeferred);
        return;
      }
      case 'Fetch':
        try {
          await this.fetch(node, at, errors);
        } catch (error) {
          errors.push(asGraphQLError(error));
        }
        return;
      case 'Defer':
        return this.defer(node, at, errors, onDeferred);
      default:
        throw new Error(`The deferred plan holds a node of a kind this executor does not run: ${(node as { kind: string }).kind}`);
    }
  }

  private async defer(node: DeferNode, at: Entity[], errors: GraphQLError[], onDeferred?: (part: StartedPart) => void): Promise<void> {
    if (node.primary.node) await this.run(node.primary.node, at, errors, onDeferred);
    const started = node.deferred.map((deferred): StartedPart => {
      const partErrors: GraphQLError[] = [];
      const run = deferred.node ? this.run(deferred.node, at, partErrors) : Promise.resolve();
      return { label: deferred.label, done: run.then(() => partErrors, (error: unknown) => [...partErrors, asGraphQLError(error)]) };
    });
    if (onDeferred) return started.forEach(onDeferred);
    // Nested in a deferred part: delivered with it.
    for (const part of started) errors.push(...(await part.done));
  }

  private async fetch(fetch: FetchNode, at: Entity[], errors: GraphQLError[]): Promise<void> {
    const source = this.options.sources.get(fetch.serviceName);
    if (!source) throw new Error(`No subgraph is named "${fetch.serviceName}"`);
    const entities = at.filter((entity) => entity.value !== null && entity.value !== undefined);
    if (entities.length === 0) return;
    const given = this.options.requestContext.request.variables ?? {};
    const variables: Data = Object.create(null) as Data;
    for (const name of fetch.variableUsages ?? []) if (Object.hasOwn(given, name) && given[name] !== undefined) variables[name] = given[name];

    if (!fetch.requires) {
      const data = await this.send(fetch, variables, errors, (path) => [...entities[0].path, ...path]);
      if (!data) return;
      applyRewrites(this.options.supergraphSchema, fetch.outputRewrites, data);
      for (const entity of entities) deepMerge(entity.value, data);
      return;
    }
    const representations: Data[] = [];
    const represented: Entity[] = [];
    for (const entity of entities) {
      const representation = select(this.options.supergraphSchema, entity.value, fetch.requires);
      if (!representation || !representation.__typename) continue;
      applyRewrites(this.options.supergraphSchema, fetch.inputRewrites, representation);
      representations.push(representation);
      represented.push(entity);
    }
    if (representations.length === 0) return;
    // An error at `_entities.<i>` belongs to the i-th entity's place in the response.
    const data = await this.send(fetch, { ...variables, representations }, errors, (path) =>
      path[0] === '_entities' && typeof path[1] === 'number' && represented[path[1]] ? [...represented[path[1]].path, ...path.slice(2)] : undefined,
    );
    if (!data) return;
    const received = data._entities;
    if (!Array.isArray(received) || received.length !== representations.length) throw new Error(`Expected "data._entities" from ${fetch.serviceName} to hold ${representations.length} elements`);
    received.forEach((entity: Data | null, index) => {
      if (!entity) return;
      entity.__typename ??= represented[index].value.__typename;
      applyRewrites(this.options.supergraphSchema, fetch.outputRewrites, entity);
      deepMerge(represented[index].value, entity);
    });
  }

  private async send(fetch: FetchNode, variables: Data, errors: GraphQLError[], pathOf: (path: Path) => Path | undefined): Promise<Data | undefined> {
    const { requestContext } = this.options;
    const response = await this.options.sources.get(fetch.serviceName)!.process({
      kind: GraphQLDataSourceRequestKind.INCOMING_OPERATION,
      request: { query: fetch.operation, variables, operationName: fetch.operationName },
      incomingRequestContext: requestContext,
      context: requestContext.context,
      document: fetch.operationDocumentNode,
    });
    for (const error of response.errors ?? []) {
      const path = error.path ? pathOf([...error.path]) : undefined;
      errors.push(new GraphQLError(error.message || `Error while fetching subquery from service "${fetch.serviceName}"`, {
        path,
        extensions: { code: 'DOWNSTREAM_SERVICE_ERROR', ...error.extensions, serviceName: fetch.serviceName },
      }));
    }
    return (response.data ?? undefined) as Data | undefined;
  }
}

/** The objects at `path` from each entity (`@` stands for each item of a list). */
function flatten(at: Entity[], path: Path): Entity[] {
  let current = at;
  for (const key of path) {
    const next: Entity[] = [];
    for (const entity of current) {
      if (key === '@') {
        if (Array.isArray(entity.value)) entity.value.forEach((item, index) => next.push({ path: [...entity.path, index], value: item as Data }));
        continue;
      }
      const value = entity.value?.[key as string];
      if (value !== null && value !== undefined) next.push({ path: [...entity.path, key], value: value as Data });
    }
    current = next;
  }
  // A list reached last is its items (as `@apollo/gateway` flattens it).
  return current.flatMap((entity) => (Array.isArray(entity.value) ? entity.value.map((item, index) => ({ path: [...entity.path, index], value: item as Data })) : [entity]));
}

/** An entity's representation: the selections a fetch requires, null when one is missing. */
function select(schema: GraphQLSchema, source: Data | null, selections: readonly QueryPlanSelectionNode[]): Data | null {
  if (source === null) return null;
  const result = Object.create(null) as Data;
  for (const selection of selections) {
    if (selection.kind === 'Field') {
      const key = selection.alias ?? selection.name;
      const value = source[key];
      if (value === undefined) return null;
      const nested = selection.selections;
      if (Array.isArray(value)) result[key] = value.map((item: Data | null) => (nested ? select(schema, item, nested) : item));
      else result[key] = nested ? select(schema, value as Data | null, nested) : value;
    } else if (selection.typeCondition && isObjectOfType(schema, source, selection.typeCondition)) {
      deepMerge(result, select(schema, source, selection.selections));
    }
  }
  return result;
}

/** A fault of a fetch (an unavailable subgraph is an AppError, a GraphQLError) as an error of its part. */
function asGraphQLError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error;
  return new GraphQLError(error instanceof Error ? error.message : String(error), { originalError: error instanceof Error ? error : undefined });
}
