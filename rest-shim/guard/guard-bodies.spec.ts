import { AppError } from '../../lib/errors';
import { ingestBody, resumeAfter, usageEventBatch, usageWindow } from './guard-bodies';

describe('guard body mapping', () => {
  it('reads resume_after as an ISO 8601 date-time or unix seconds', () => {
    expect(resumeAfter({ resume_after: '2030-01-02T03:04:05Z' })).toBe('2030-01-02T03:04:05.000Z');
    expect(resumeAfter({ resume_after: 1_900_000_000 })).toBe('2030-03-17T17:46:40.000Z');
    expect(resumeAfter({})).toBeUndefined();
    expect(() => resumeAfter({ resume_after: 'soon' })).toThrow(AppError);
    expect(() => resumeAfter({ resume_after: 'soon' })).toThrow('resume_after must be an ISO 8601 date-time or unix seconds');
  });

  it('takes a day of usage when no window is given', () => {
    expect(usageWindow({})).toBe('24h');
    expect(usageWindow({ window: '1h' })).toBe('1h');
  });

  it('turns a batch into UsageEventInputs once per body, a mistyped event sent empty in its place (the batch keeps its length) and refused with the shim’s reason', () => {
    const body = { events: [{ event_id: 'a', type: 'llm_call', input_tokens: 'five' }, { event_id: 'b', type: 'llm_call', input_tokens: 3, prompt: 'p' }, { event_id: 'c', type: 'tool_call' }] };
    const batch = usageEventBatch(body);
    expect(usageEventBatch(body)).toBe(batch);
    expect(batch.inputs).toEqual([{}, { eventId: 'b', type: 'llm_call', inputTokens: 3, metadata: { prompt: 'p' } }, { eventId: 'c', type: 'tool_call' }]);
    const answer = ingestBody(
      {
        ingestEvents: {
          acceptedEventIds: ['b'],
          rejected: [
            { index: 2, eventId: 'c', field: 'toolName', reason: 'toolName is required for a tool_call' },
            { index: 0, eventId: null, field: 'eventId', reason: 'eventId is required' },
          ],
          actions: [],
        },
      },
      batch,
    );
    expect(answer.rejected).toEqual([
      { event_id: 'a', reason: 'input_tokens must be a whole number' },
      { event_id: 'c', reason: 'tool_name is required for a tool_call' },
    ]);
  });
});
