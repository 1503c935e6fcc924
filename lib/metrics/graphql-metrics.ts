import type { ApolloServerPlugin } from '@apollo/server';
import { LabelBudget } from './label-budget';
import { graphqlErrors, graphqlOperationDuration, graphqlOperations } from './instruments';

/** How many distinct operation names get their own label; later names count as `(other)`. */
const OPERATION_NAME_BUDGET = 500;
const operationNames = new LabelBudget(OPERATION_NAME_BUDGET, /^[_A-Za-z][_0-9A-Za-z]{0,99}$/, '(anonymous)');

/** A caller names its operations: keep the label set bounded whatever it sends. */
function operationLabel(name: string | null | undefined): string {
  return operationNames.labelOf(name);
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
