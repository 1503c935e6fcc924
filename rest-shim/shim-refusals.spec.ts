import { refusalOf } from '../lib/net';
import { shimRefusal } from './shim-refusals';

const parserError = (code: string, raw: string) => Object.assign(new Error(code), { code, rawPacket: Buffer.from(raw, 'latin1') });

describe('shimRefusal', () => {
  it('reads the path of the refused request line, and the meaning of the parser’s code', () => {
    expect(refusalOf(parserError('HPE_HEADER_OVERFLOW', `GET /api/v1/gate/${'a'.repeat(20_000)}`))).toEqual({
      code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      status: 431,
      message: 'The request line and headers exceed 16 KiB',
      path: `/api/v1/gate/${'a'.repeat(4096 - 17)}`,
    });
    expect(refusalOf(parserError('HPE_INVALID_CONTENT_LENGTH', 'POST /auth/login?x=1 HTTP/1.1\r\n'))).toMatchObject({ code: 'MALFORMED_REQUEST', status: 400, path: '/auth/login' });
    expect(refusalOf(parserError('HPE_INVALID_METHOD', '{"left":"over"}'))).toMatchObject({ code: 'MALFORMED_REQUEST', status: 400, path: undefined });
  });

  it('answers in the shape of the API the path names, and {error} elsewhere', () => {
    const refusal = (path?: string) => ({ code: 'MALFORMED_REQUEST' as const, status: 400, message: 'bad', path });
    expect(shimRefusal(refusal('/api/v1/track/batch'))).toEqual({ status: 400, body: { error_code: 'VALIDATION_FAILED', error_message: 'bad', details: {}, retry_after_ms: null } });
    expect(shimRefusal(refusal('/api/user/login'))).toEqual({ status: 400, body: { message: 'bad' } });
    expect(shimRefusal(refusal('/auth/login'))).toEqual({ status: 400, body: { error: 'bad' } });
    expect(shimRefusal(refusal('/v1/store-1/orders.json'))).toEqual({ status: 400, body: { code: 400, message: 'Bad Request', description: 'bad' } });
    expect(shimRefusal(refusal('/apps/authorize/token'))).toEqual({ status: 400, body: { error: 'invalid_request', error_description: 'bad' } });
    expect(shimRefusal(refusal('/backend/api/installer/packages'))).toEqual({ status: 400, body: { detail: 'bad' } });
    expect(shimRefusal(refusal('/docs'))).toEqual({ status: 400, body: { error: 'bad' } });
    expect(shimRefusal(refusal(undefined))).toEqual({ status: 400, body: { error: 'bad' } });
  });
});
