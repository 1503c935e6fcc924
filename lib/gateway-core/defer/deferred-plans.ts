import { Supergraph, operationFromDocument, type Schema } from '@apollo/federation-internals';
import { QueryPlanner, type QueryPlan } from '@apollo/query-planner';
import type { GraphQLSchema } from 'graphql';
import type { DeferredOperation } from './deferred-operation';

/** Plans kept (the most recently made), as `@apollo/gateway` keeps its own. */
const KEPT_PLANS = 500;

interface Planning {
  planner: QueryPlanner;
  api: Schema;
  supergraphSchema: GraphQLSchema;
}

/**
 * The query planner's plans with `DeferNode`s (`incrementalDelivery.enableDefer`), for the
 * supergraph the gateway serves: a planner of our own beside `@apollo/gateway`'s (which plans
 * without `@defer`), made on the first deferred operation after each supergraph load, and its
 * plans kept by operation.
 */
export class DeferredPlans {
  private supergraphSdl: string | undefined;
  private planning: Planning | undefined;
  private readonly plans = new Map<string, QueryPlan>();

  /** The supergraph the gateway loaded (its `onSchemaLoadOrUpdate`): plans start again. */
  useSupergraph(supergraphSdl: string): void {
    this.supergraphSdl = supergraphSdl;
    this.planning = undefined;
    this.plans.clear();
  }

  /** The supergraph as a graphql-js schema (entity types and data rewrites are read from it). */
  supergraphSchema(): GraphQLSchema {
    return this.current().supergraphSchema;
  }

  plan(operation: DeferredOperation, operationName: string | undefined): QueryPlan {
    const kept = this.plans.get(operation.planKey);
    if (kept) {
      this.plans.delete(operation.planKey);
      this.plans.set(operation.planKey, kept);
      return kept;
    }
    const { planner, api } = this.current();
    // Apollo validated the operation without its @defers; the planner reads the same fields.
    const plan = planner.buildQueryPlan(operationFromDocument(api, operation.planned, { operationName, validate: false }));
    if (this.plans.size >= KEPT_PLANS) this.plans.delete(this.plans.keys().next().value!);
    this.plans.set(operation.planKey, plan);
    return plan;
  }

  private current(): Planning {
    if (this.planning) return this.planning;
    if (this.supergraphSdl === undefined) throw new Error('No supergraph is loaded yet');
    const supergraph = Supergraph.build(this.supergraphSdl);
    this.planning = {
      planner: new QueryPlanner(supergraph, { incrementalDelivery: { enableDefer: true } }),
      api: supergraph.apiSchema(),
      supergraphSchema: supergraph.schema.toGraphQLJSSchema(),
    };
    return this.planning;
  }
}
