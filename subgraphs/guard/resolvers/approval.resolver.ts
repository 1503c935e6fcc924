import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Approval } from '../entities';
import { ApprovalType } from '../types/approval.type';
import type { ResolverContext } from './resolver-context';

@Resolver()
export class ApprovalResolver {
  @Query(() => ApprovalType)
  approval(@Arg('id', () => ID) id: string, @Ctx() { services }: ResolverContext): Promise<Approval> {
    return services.approvals.get(id);
  }

  @Query(() => [ApprovalType], { description: 'Approval requests still waiting for an operator.' })
  pendingApprovals(@Arg('organisationId', () => ID) organisationId: string, @Ctx() { services }: ResolverContext): Promise<Approval[]> {
    return services.approvals.pendingOf(organisationId);
  }

  @Mutation(() => ApprovalType, { description: 'Needs workflow.update; the SDK hears the outcome on the control channel.' })
  resolveApproval(
    @Arg('id', () => ID) id: string,
    @Arg('approved') approved: boolean,
    @Arg('note', () => String, { nullable: true }) note: string | null,
    @Ctx() { services }: ResolverContext,
  ): Promise<Approval> {
    return services.approvals.resolve(id, approved, note);
  }
}
