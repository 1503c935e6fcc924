import { Entity, Index, JsonType, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { moneyColumn } from './money-columns';

/**
 * One usage event as an SDK sent it, priced. `(organisationId, eventId)` is unique: a resent
 * event is accepted again and counted once. Rows are only ever inserted in bulk by the ingest
 * (never built one by one), so they carry their own key and no constructor.
 */
@Entity({ tableName: 'usage_events' })
@Unique({ properties: ['organisationId', 'eventId'] })
@Index({ properties: ['organisationId', 'receivedAt'] })
export class UsageEvent {
  @PrimaryKey({ type: 'string', length: 36 })
  id!: string;

  @Property({ length: 64 })
  organisationId!: string;

  @Property({ length: 128 })
  eventId!: string;

  @Property({ length: 64 })
  type!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  workflowId!: string | null;

  @Property({ type: 'string', length: 128, nullable: true })
  traceId!: string | null;

  @Property({ type: 'string', length: 128, nullable: true })
  spanId!: string | null;

  @Property({ type: 'string', length: 200, nullable: true })
  toolName!: string | null;

  @Property({ type: 'string', length: 128, nullable: true })
  model!: string | null;

  @Property({ type: 'integer' })
  tokens!: number;

  @Property({ type: 'integer' })
  inputTokens!: number;

  @Property({ type: 'integer' })
  outputTokens!: number;

  @Property({ type: moneyColumn() })
  costMicrocents!: number;

  @Property({ type: 'integer', nullable: true })
  latencyMs!: number | null;

  @Property({ type: 'integer', nullable: true })
  durationMs!: number | null;

  @Property({ type: 'boolean' })
  isRetry!: boolean;

  /** Fields the protocol does not name, kept as the SDK sent them. */
  @Property({ type: JsonType, nullable: true })
  metadata!: Record<string, unknown> | null;

  @Property({ type: 'datetime' })
  receivedAt!: Date;
}
