import { Field, ID, InputType, Int } from 'type-graphql';
import type { TrackRequest } from '../services/track-request-rules';

@InputType('TrackUsageInput', { description: 'One LLM call reported against its reservation (protocol `/track`).' })
export class TrackUsageInput implements TrackRequest {
  @Field(() => ID)
  reservationId!: string;

  @Field(() => Int, { nullable: true })
  tokens?: number | null;

  @Field(() => Int, { nullable: true })
  inputTokens?: number | null;

  @Field(() => Int, { nullable: true })
  outputTokens?: number | null;

  @Field(() => String, { nullable: true })
  model?: string | null;

  @Field(() => Int, { nullable: true })
  latencyMs?: number | null;

  @Field(() => String, { nullable: true })
  idempotencyKey?: string | null;
}
