import { SvcBudgetError } from '../errors/decision-errors';
import { WorkflowKilledInterrupt } from '../errors/workflow-signals';
import { GENERIC_USER_MESSAGE, USER_MESSAGES_EN } from './catalog';
import { formatUserMessage, getUserMessage, setUserMessage } from './user-messages';

describe('user messages', () => {
  afterEach(() => {
    setUserMessage('SV-B004', '');
    setUserMessage('SV-ZZZ', '');
  });

  it('formats any object with an error code, SDK error or not', () => {
    expect(formatUserMessage(new SvcBudgetError('budget gone'))).toBe(USER_MESSAGES_EN['SV-B004']);
    expect(formatUserMessage({ errorCode: 'SV-T001' })).toBe(USER_MESSAGES_EN['SV-T001']);
    expect(formatUserMessage({ error_code: 'SV-W003' })).toBe(USER_MESSAGES_EN['SV-W003']);
    expect(formatUserMessage(new WorkflowKilledInterrupt('killed'))).toBe(USER_MESSAGES_EN['SV-W002']);
  });

  it('gives the generic text for anything without a code, and for unknown codes', () => {
    for (const value of [new Error('boom'), {}, null, undefined, 42, 'SV-B004', { errorCode: 7 }, { errorCode: '' }, { errorCode: 'SV-NOPE' }]) {
      expect(formatUserMessage(value)).toBe(GENERIC_USER_MESSAGE);
    }
    expect(GENERIC_USER_MESSAGE).toBe('Something went wrong. Please try again.');
  });

  it('never throws, even for hostile objects', () => {
    const hostile = new Proxy({}, {
      get() {
        throw new Error('trap');
      },
      has() {
        throw new Error('trap');
      },
    });
    const getter = Object.defineProperty({}, 'errorCode', {
      get() {
        throw new Error('getter');
      },
    });
    expect(formatUserMessage(hostile)).toBe(GENERIC_USER_MESSAGE);
    expect(formatUserMessage(getter)).toBe(GENERIC_USER_MESSAGE);
    expect(formatUserMessage({ errorCode: 'SV-B004' }, null as unknown as string)).toBe(USER_MESSAGES_EN['SV-B004']);
  });

  it('never returns an empty string', () => {
    for (const code of [...Object.keys(USER_MESSAGES_EN), 'SV-UNKNOWN']) expect(formatUserMessage({ errorCode: code }).length).toBeGreaterThan(0);
  });

  it('falls back to English for every other locale', () => {
    expect(formatUserMessage({ errorCode: 'SV-B004' }, 'fr')).toBe(USER_MESSAGES_EN['SV-B004']);
    expect(formatUserMessage({ errorCode: 'SV-B004' }, 'xx-YY')).toBe(USER_MESSAGES_EN['SV-B004']);
    for (const locale of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(getUserMessage('SV-B004', locale)).toBe(USER_MESSAGES_EN['SV-B004']);
    }
  });

  it('checks per-process overrides before the catalog, and clears them with an empty text', () => {
    setUserMessage('SV-B004', 'Out of credit: top up in Settings.');
    expect(getUserMessage('SV-B004')).toBe('Out of credit: top up in Settings.');
    expect(formatUserMessage(new SvcBudgetError('x'))).toBe('Out of credit: top up in Settings.');
    expect(formatUserMessage(new SvcBudgetError('x'), 'de')).toBe('Out of credit: top up in Settings.');
    setUserMessage('SV-B004', '');
    expect(getUserMessage('SV-B004')).toBe(USER_MESSAGES_EN['SV-B004']);
  });

  it('answers getUserMessage with override, else catalog, else the generic text', () => {
    expect(getUserMessage('SV-ZZZ')).toBe(GENERIC_USER_MESSAGE);
    setUserMessage('SV-ZZZ', 'Custom code text');
    expect(getUserMessage('SV-ZZZ')).toBe('Custom code text');
    expect(formatUserMessage({ errorCode: 'SV-ZZZ' })).toBe('Custom code text');
  });

  it('rejects overrides that are not strings', () => {
    expect(() => setUserMessage('SV-B004', 5 as unknown as string)).toThrow(TypeError);
    expect(() => setUserMessage('', 'text')).toThrow(TypeError);
    expect(getUserMessage('SV-B004')).toBe(USER_MESSAGES_EN['SV-B004']);
  });
});
