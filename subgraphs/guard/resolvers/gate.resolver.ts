import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { GateDecision } from '../services/gate/gate-decision';
import { GateDecisionType } from '../types/gate-decision.type';
import { GateInput } from '../types/gate.input';
import type { ResolverContext } from './resolver-context';

/** The SDK's pre-flight checks, authenticated with the API key (and its signature). */
@Resolver()
export class GateResolver {
  @Mutation(() => GateDecisionType, { description: 'Budget, kill/pause and tool policy check before an agent call.' })
  gate(@Arg('input', () => GateInput) input: GateInput, @Ctx() { services }: ResolverContext): Promise<GateDecision> {
    return services.gate.decide(input, { toolRequired: false });
  }

  @Mutation(() => GateDecisionType, { description: 'The check before a sensitive tool runs; may ask an operator for approval.' })
  executeTool(@Arg('input', () => GateInput) input: GateInput, @Ctx() { services }: ResolverContext): Promise<GateDecision> {
    return services.gate.decide(input, { toolRequired: true });
  }
}
