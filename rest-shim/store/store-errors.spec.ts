import { AppError } from '../../lib/errors';
import { toApiError } from '../kit/api-error';
import { storeErrorBody } from './store-errors';

const answer = (error: unknown) => storeErrorBody(toApiError(error), 'req-1');

describe('storeErrorBody', () => {
  it('answers credentials, scope, payment, rate and media problems with the envelope', () => {
    expect(answer(new AppError('UNAUTHENTICATED', 'no such token'))).toEqual({
      status: 401,
      body: { code: 401, message: 'Unauthorized', description: 'Invalid access token' },
    });
    expect(answer(new AppError('FORBIDDEN', 'Missing scope write_products')).body).toEqual({
      code: 403,
      message: 'Forbidden',
      description: 'Missing scope write_products',
    });
    expect(answer(new AppError('RATE_LIMITED', 'slow down')).body).toMatchObject({ code: 429, message: 'Too Many Requests' });
    expect(answer(new AppError('UNSUPPORTED_MEDIA_TYPE', 'json only')).body).toMatchObject({ code: 415, message: 'Unsupported Media Type' });
    expect(answer(new AppError('BAD_USER_INPUT', 'A User-Agent header is required'))).toEqual({
      status: 400,
      body: { code: 400, message: 'Bad Request', description: 'A User-Agent header is required' },
    });
  });

  it('answers bad JSON with the one-field error body', () => {
    expect(answer(new AppError('MALFORMED_BODY'))).toEqual({ status: 400, body: { error: 'Problems parsing JSON' } });
  });

  it('answers field problems with the field map, whole-request ones with the 422 envelope', () => {
    expect(answer(new AppError('UNPROCESSABLE', 'must be at most 200', { field: 'per_page' }))).toEqual({
      status: 422,
      body: { per_page: ['must be at most 200'] },
    });
    const fields = { name: ["can't be blank"], seo_title: ['is too long (maximum is 70 characters)'] };
    expect(answer(new AppError('UNPROCESSABLE', 'x', { field: 'name', details: { fields } })).body).toEqual(fields);
    expect(answer(new AppError('UNPROCESSABLE', 'A product can have at most 1000 variants'))).toEqual({
      status: 422,
      body: { code: 422, message: 'Unprocessable Entity', description: 'A product can have at most 1000 variants' },
    });
  });

  it('gives an unknown route a null description and hides our own faults behind the request id', () => {
    expect(answer(new AppError('NOT_FOUND', 'Not found', { details: { routeUnknown: true } })).body).toEqual({
      code: 404,
      message: 'Not Found',
      description: null,
    });
    expect(answer(new Error('secret internals')).body).toEqual({ code: 500, message: 'Internal Server Error', description: 'Internal server error (request req-1)' });
  });
});
