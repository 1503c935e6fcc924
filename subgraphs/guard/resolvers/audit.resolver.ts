import { Arg, Ctx, Directive, ID, Int, Query, Resolver } from 'type-graphql';
import type { AuditExportPage, AuditPage } from '../services/audit/audit-reads';
import { AuditFilterInput } from '../types/audit-filter.input';
import { AuditExportType, AuditPageType } from '../types/audit-record.type';
import { READ_AUDIT_TRAIL } from './authorization';
import type { ResolverContext } from './resolver-context';

@Resolver()
export class AuditResolver {
  @Directive(READ_AUDIT_TRAIL)
  @Query(() => AuditPageType, { description: 'The organisation’s audit trail, newest first, `first` (1-200) at a time.' })
  auditTrail(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('filter', () => AuditFilterInput, { nullable: true }) filter: AuditFilterInput | null,
    @Arg('first', () => Int, { defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'A page’s `endCursor`.' }) after: string | null,
    @Ctx() { services }: ResolverContext,
  ): Promise<AuditPage> {
    return services.audit.page(organisationId, filter ?? {}, first, after);
  }

  @Directive(READ_AUDIT_TRAIL)
  @Query(() => AuditExportType, { description: 'The whole chain after `afterSeq`, in order, `limit` (1-5000) records at a time, as JSON Lines.' })
  auditExport(
    @Arg('organisationId', () => ID) organisationId: string,
    @Arg('afterSeq', () => Int, { defaultValue: 0 }) afterSeq: number,
    @Arg('limit', () => Int, { defaultValue: 5000 }) limit: number,
    @Ctx() { services }: ResolverContext,
  ): Promise<AuditExportPage> {
    return services.audit.exportPage(organisationId, afterSeq, limit);
  }
}
