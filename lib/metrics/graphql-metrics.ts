import type { ApolloServerPlugin } from '@apollo/server';
import { graphqlErrors, graphqlOperationDuration, graphqlOperations } from './instruments';

/** How many distinct operation names get their own label; later names count as `(other)`. */
const OPERATION_NAME_BUDGET = 500;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const seenNames = new Set<string>();

/** A caller names its operations: keep the label set bounded whatever it sends. */
function operationLabel(name: string | null | undefined): string {
  if (!name) return '(anonymous)';
  if (!OPERATION_NAME.test(name)) return '(other)';
  if (seenNames.has(name)) return name;
  if (seenNames.size >= OPERATION_NAME_BUDGET) return '(other)';
  seenNames.add(name);
  return name;
}

/**
 * Apollo Server plugin counting operations by name, type and outcome, timing them, and counting
 * their errors by code. A request that never resolves to an operation (unparsable, invalid) counts
 * under `(unresolved)`.
 */
export function graphqlMetricsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      const stopTimer = graphqlOperationDuration.startTimer();
      let operation = '(unresolved)';
      let type = 'unknown';
      let failed = false;
      return {
        async didResolveOperation({ operationName, operation: definition }) {
          operation = operationLabel(operationName ?? definition?.name?.value);
          type = definition?.operation ?? 'unknown';
        },
        async didEncounterErrors({ errors }) {
          failed = true;
          for (const error of errors) graphqlErrors.inc({ operation, code: String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR') });
        },
        async willSendResponse() {
          graphqlOperations.inc({ operation, type, outcome: failed ? 'error' : 'ok' });
          stopTimer({ operation, type });
        },
      };
    },
  };
}
