import { protect } from '../wrappers/protect';
import { sensitive } from '../wrappers/sensitive';
import { guarded } from '../wrappers/guarded';
import { chain } from '../context/scopes';
import { trackEvent, trackLlm, trackTool } from './track';

describe('bad arguments to the public functions', () => {
  it.each([
    ['negative input tokens', () => trackLlm(-1)],
    ['fractional nonsense', () => trackLlm(Number.NaN)],
    ['output tokens as text', () => trackLlm(1, '2' as never)],
    ['a negative latency', () => trackLlm(1, 1, { latencyMs: -5 })],
    ['metadata that is a list', () => trackLlm(1, 1, { metadata: [] as never })],
    ['an empty tool name', () => trackTool('')],
    ['a tool name that is not text', () => trackTool(42 as never)],
    ['an infinite duration', () => trackTool('search', Number.POSITIVE_INFINITY)],
    ['an empty event type', () => trackEvent('')],
    ['a payload that is not an object', () => trackEvent('custom', 'text' as never)],
  ])('are refused with a TypeError: %s', (_case, call) => {
    expect(call).toThrow(TypeError);
  });

  it('refuse to wrap what is not a function', () => {
    for (const wrap of [protect, sensitive, guarded]) expect(() => wrap('not a function' as never)).toThrow(TypeError);
    expect(() => chain('c', {} as never)).toThrow(TypeError);
  });
});
