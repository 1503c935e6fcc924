import { ConnectionException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { isDatabaseOutage } from './outage';

describe('isDatabaseOutage', () => {
  it('knows the drivers’ ways of saying the database cannot be reached now', () => {
    expect(isDatabaseOutage(new ConnectionException(new Error('connect ECONNREFUSED')))).toBe(true);
    expect(isDatabaseOutage(Object.assign(new Error('database "x" is not currently accepting connections'), { code: '55000' }))).toBe(true);
    expect(isDatabaseOutage(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseOutage(new Error('Client was closed and is not queryable'))).toBe(true);
    expect(isDatabaseOutage(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseOutage(Object.assign(new Error('Knex: Timeout acquiring a connection'), { name: 'KnexTimeoutError' }))).toBe(true);
    expect(isDatabaseOutage(new Error('query failed', { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) }))).toBe(true);
    expect(isDatabaseOutage(Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }))).toBe(true);
  });

  it('leaves query faults alone', () => {
    expect(isDatabaseOutage(new UniqueConstraintViolationException(new Error('duplicate key')))).toBe(false);
    expect(isDatabaseOutage(Object.assign(new Error('invalid byte sequence'), { code: '22021' }))).toBe(false);
    expect(isDatabaseOutage(new Error('boom'))).toBe(false);
    expect(isDatabaseOutage(undefined)).toBe(false);
  });
});
