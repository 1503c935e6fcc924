import { GraphQLJSON } from 'graphql-scalars';
import { Field, InputType, Int } from 'type-graphql';
import type { UsageEventRequest } from '../services/usage-event-rules';

/**
 * `eventId` and `type` are required but declared nullable: a batch is judged event by event, so
 * an event that lacks them is listed under `rejected` while the rest of the batch counts.
 */
@InputType('UsageEventInput', { description: 'One usage event: an LLM call, a tool call, a span, or a custom type.' })
export class UsageEventInput implements UsageEventRequest {
  @Field(() => String, { nullable: true, description: 'Required, 1 to 128 characters: the idempotency key (a resent event counts once).' })
  eventId?: string | null;

  @Field(() => String, { nullable: true, description: 'Required: llm_call, tool_call, span_start, span_end or any custom type.' })
  type?: string | null;

  @Field(() => String, { nullable: true, description: "A workflow id or name of the organisation; else the key's bound workflow." })
  workflowId?: string | null;

  @Field(() => String, { nullable: true })
  traceId?: string | null;

  @Field(() => String, { nullable: true })
  spanId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Input plus output tokens, when they are not given apart.' })
  tokens?: number | null;

  @Field(() => Int, { nullable: true })
  inputTokens?: number | null;

  @Field(() => Int, { nullable: true })
  outputTokens?: number | null;

  @Field(() => String, { nullable: true, description: 'Prices an llm_call (see modelPrices).' })
  model?: string | null;

  @Field(() => Int, { nullable: true })
  latencyMs?: number | null;

  @Field(() => String, { nullable: true, description: 'The tool of a tool_call; a blocked tool rejects the event.' })
  toolName?: string | null;

  @Field(() => Int, { nullable: true })
  durationMs?: number | null;

  @Field(() => Boolean, { nullable: true })
  isRetry?: boolean | null;

  /** Opaque to the guard: whatever the client attaches is stored as it came, never interpreted. */
  @Field(() => GraphQLJSON, { nullable: true, description: 'Anything else the client wants kept with the event: an object, at most 8 KiB of JSON.' })
  metadata?: unknown;
}
