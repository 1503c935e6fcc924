import { GraphQLJSON } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('AuditRecord', { description: 'One link of an organisation’s tamper-evident audit trail (docs/decisions/guard-audit-trail.md).' })
export class AuditRecordType {
  @Field(() => ID)
  organisationId!: string;

  @Field(() => Int, { description: '1, 2, 3, … within the organisation: the chain’s order.' })
  seq!: number;

  @Field({ description: 'When it happened: ISO 8601 UTC with milliseconds, exactly as hashed.' })
  at!: string;

  @Field({ description: '`user:<id>` (an operator), `key:<id>` (an SDK) or `system`.' })
  actor!: string;

  @Field({ description: '`gate.allow`, `gate.soft_pass`, `gate.block`, `workflow.pause`, `approval.granted`, `key.revoked`, …' })
  action!: string;

  @Field(() => ID, { nullable: true })
  workflowId!: string | null;

  @Field(() => String, { nullable: true, description: 'What it was done to besides the workflow: a tool, an approval, a key, a tool pattern.' })
  subject!: string | null;

  @Field(() => GraphQLJSON)
  details!: Record<string, unknown>;

  @Field({ description: 'SHA-256 (hex) of the previous record’s canonical form.' })
  prevHash!: string;

  @Field({ description: 'SHA-256 (hex) of this record’s canonical form.' })
  hash!: string;
}

@ObjectType('AuditPage', { description: 'Audit records, newest first.' })
export class AuditPageType {
  @Field(() => [AuditRecordType])
  records!: AuditRecordType[];

  @Field(() => String, { nullable: true, description: 'Pass as `after` for the next page; null on the last.' })
  endCursor!: string | null;

  @Field()
  hasMore!: boolean;
}

@ObjectType('AuditExport', { description: 'A page of the whole chain in order, as JSON Lines (`npm run guard:verify-audit` checks it).' })
export class AuditExportType {
  @Field({ description: 'One record a line, each line ending with a newline.' })
  jsonl!: string;

  @Field(() => Int)
  records!: number;

  @Field(() => Int, { nullable: true, description: 'Ask again with `afterSeq` set to this while `complete` is false.' })
  lastSeq!: number | null;

  @Field()
  complete!: boolean;
}
