import { checkOptionalCount, checkOptionalText, checkRequiredText } from '../../../lib/validation';
import { MAX_ESTIMATED_TOKENS } from './gate-request-rules';

/** One LLM call reported against the reservation its gate made (the body of `/track`). */
export interface TrackRequest {
  reservationId: string;
  tokens?: number | null;
  inputTokens?: number | null;
  outputTokens?: number | null;
  model?: string | null;
  latencyMs?: number | null;
  idempotencyKey?: string | null;
}

/** The rules of a `/track` call; answers the token counts to price. */
export function checkTrackRequest(request: TrackRequest): { inputTokens: number; outputTokens: number } {
  checkRequiredText(request.reservationId, 'reservationId', 64);
  const tokens = checkOptionalCount(request.tokens, 'tokens', MAX_ESTIMATED_TOKENS);
  const inputTokens = checkOptionalCount(request.inputTokens, 'inputTokens', MAX_ESTIMATED_TOKENS);
  const outputTokens = checkOptionalCount(request.outputTokens, 'outputTokens', MAX_ESTIMATED_TOKENS);
  checkOptionalCount(request.latencyMs, 'latencyMs', MAX_ESTIMATED_TOKENS);
  checkOptionalText(request.model, 'model', 128);
  checkOptionalText(request.idempotencyKey, 'idempotencyKey', 128);
  return { inputTokens: inputTokens ?? tokens ?? 0, outputTokens: outputTokens ?? 0 };
}
