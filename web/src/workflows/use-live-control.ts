import { useSubscription } from 'urql';
import { WorkflowControlSubscription } from '../operations/workflows';
import { EMPTY_LIVE_CONTROL, foldControlSignal } from './live-control';

/** The live control channel of one organisation, over graphql-ws at the gateway. */
export function useLiveControl(organisationId: string) {
  const [result] = useSubscription({ query: WorkflowControlSubscription, variables: { organisationId } }, foldControlSignal);
  return { live: result.data ?? EMPTY_LIVE_CONTROL, error: result.error };
}
