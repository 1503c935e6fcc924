import { Arg, ID, Resolver, Root, Subscription } from 'type-graphql';
import type { SubscribeResolverData } from 'type-graphql';
import type { ControlSignal } from '../services/control/control-stream.service';
import { ControlSignalUnion } from '../types/control-signal.type';
import type { ResolverContext } from './resolver-context';

interface ControlArgs {
  organisationId: string;
  initialState: boolean;
}

/**
 * The control channel over graphql-ws. An API key of the organisation, or a JWT with
 * organisation.read or workflow.update for it, may listen. A key bound to a workflow hears the
 * kill of that workflow, then a `CONFLICT` error, and the end of the stream.
 */
@Resolver()
export class ControlResolver {
  @Subscription(() => ControlSignalUnion, {
    description: 'Workflow state changes and approval requests and resolutions of one organisation, as they happen.',
    subscribe: ({ args, context }: SubscribeResolverData<unknown, ControlArgs, ResolverContext>) =>
      context.services.control.signals(args.organisationId, { initialState: args.initialState, resumed: context.resumedSubscription }),
  })
  workflowControl(
    @Root() signal: ControlSignal,
    @Arg('organisationId', () => ID) _organisationId: string,
    @Arg('initialState', {
      defaultValue: false,
      description: 'Send every workflow’s current state first. It is sent again, as a resync, when the gateway subscribes again after losing its connection to the guard.',
    })
    _initialState: boolean,
  ): ControlSignal {
    // The stream's last signal when it ends with an error (a bound key's workflow was killed).
    if (signal.kind === 'ended') throw signal.error;
    return signal;
  }
}
