import { Type } from '@sinclair/typebox';
import type { Request } from 'express';
import { AppError } from '../../lib/errors';
import { RequestReader, expectation, legacyFieldError, type RequestFault } from './request-reader';
import type { RouteDeclaration } from './route';
import { SafeInteger } from './wire-schemas';

const declaration = (parts: Partial<RouteDeclaration>): RouteDeclaration => ({
  method: 'post',
  path: '/things/:id',
  summary: 'a thing',
  response: Type.Object({}),
  errors: [],
  ...parts,
});

const request = (parts: Partial<Record<'params' | 'query' | 'headers' | 'body', unknown>>) => ({ params: {}, query: {}, headers: {}, ...parts }) as unknown as Request;

const body = Type.Object({ name: Type.String(), id: SafeInteger(), on: Type.Optional(Type.Boolean()), note: Type.Optional(Type.String()) });
const reader = new RequestReader(declaration({ body }));

function faultOf(read: ReturnType<RequestReader['read']>): Omit<RequestFault, 'schema'> | undefined {
  if (!('fault' in read)) return undefined;
  const { schema: _schema, ...fault } = read.fault;
  return fault;
}

describe('RequestReader', () => {
  it('keeps the declared fields only, turning text into the integers and booleans declared', () => {
    expect(reader.read(request({ body: { name: 'a', id: ' 42 ', on: '1', extra: 'x' } }))).toEqual({
      input: { params: {}, query: {}, headers: {}, body: { name: 'a', id: 42, on: true } },
    });
    expect(reader.read(request({ body: { name: 'a', id: 7, on: 'false' } }))).toMatchObject({ input: { body: { name: 'a', id: 7, on: false } } });
  });

  it('reads an absent, null or empty body value as not given', () => {
    expect(faultOf(reader.read(request({ body: { name: '', id: 1 } })))).toEqual({ part: 'body', field: 'name', problem: 'missing' });
    expect(faultOf(reader.read(request({ body: { name: null, id: 1 } })))).toEqual({ part: 'body', field: 'name', problem: 'missing' });
    expect(reader.read(request({ body: { name: 'a', id: 1, note: null, on: '' } }))).toMatchObject({ input: { body: { name: 'a', id: 1 } } });
  });

  it('reports the first fault in declaration order', () => {
    expect(faultOf(reader.read(request({ body: { id: 'x' } })))).toEqual({ part: 'body', field: 'name', problem: 'missing' });
    expect(faultOf(reader.read(request({ body: { name: 5, id: 'x' } })))).toEqual({ part: 'body', field: 'name', problem: 'invalid' });
    expect(faultOf(reader.read(request({ body: { name: 'a', id: 'x' } })))).toEqual({ part: 'body', field: 'id', problem: 'invalid' });
    expect(faultOf(reader.read(request({ body: { name: 'a', id: 1, on: 'maybe' } })))).toEqual({ part: 'body', field: 'on', problem: 'invalid' });
  });

  it('refuses integers JavaScript cannot hold exactly, and fractions', () => {
    expect(faultOf(reader.read(request({ body: { name: 'a', id: 2 ** 53 } })))).toMatchObject({ field: 'id', problem: 'invalid' });
    expect(faultOf(reader.read(request({ body: { name: 'a', id: '12345678901234567' } })))).toMatchObject({ field: 'id', problem: 'invalid' });
    expect(faultOf(reader.read(request({ body: { name: 'a', id: 1.5 } })))).toMatchObject({ field: 'id', problem: 'invalid' });
  });

  it('reads a body that is not an object as an empty one', () => {
    for (const value of [undefined, null, 'text', [1, 2], 42]) {
      expect(faultOf(reader.read(request({ body: value })))).toEqual({ part: 'body', field: 'name', problem: 'missing' });
    }
  });

  it('keeps empty query values, and refuses a repeated one declared once', () => {
    const query = new RequestReader(declaration({ query: Type.Object({ token: Type.Optional(Type.String()) }) }));
    expect(query.read(request({ query: { token: '' } }))).toMatchObject({ input: { query: { token: '' } } });
    expect(faultOf(query.read(request({ query: { token: ['a', 'b'] } })))).toEqual({ part: 'query', field: 'token', problem: 'invalid' });
  });

  it('checks path parameters and headers too', () => {
    const both = new RequestReader(declaration({ params: Type.Object({ id: SafeInteger() }), headers: Type.Object({ 'x-key': Type.String() }) }));
    expect(both.read(request({ params: { id: '3' }, headers: { 'x-key': 'k' } }))).toMatchObject({ input: { params: { id: 3 }, headers: { 'x-key': 'k' } } });
    expect(faultOf(both.read(request({ params: { id: 'three' }, headers: { 'x-key': 'k' } })))).toEqual({ part: 'params', field: 'id', problem: 'invalid' });
    expect(faultOf(both.read(request({ params: { id: '3' } })))).toEqual({ part: 'headers', field: 'x-key', problem: 'missing' });
  });

  it('refuses a declaration whose part is not an object, at start-up', () => {
    expect(() => new RequestReader(declaration({ body: Type.String() }))).toThrow('POST /things/:id: the body must be declared as an object');
  });
});

describe('legacyFieldError', () => {
  it('says what is wrong in the legacy APIs’ words', () => {
    const error = legacyFieldError({ part: 'body', field: 'codehost_id', problem: 'invalid', schema: SafeInteger() });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', status: 400, field: 'codehost_id', message: 'codehost_id must be an integer' });
    expect(legacyFieldError({ part: 'body', field: 'name', problem: 'missing', schema: Type.String() }).message).toBe('name is required');
  });

  it('names each kind of value', () => {
    expect(expectation(Type.String())).toBe('a string');
    expect(expectation(Type.Boolean())).toBe('true or false');
    expect(expectation(Type.Array(Type.String()))).toBe('a list of strings');
    expect(expectation(Type.Array(Type.Object({})))).toBe('a list of objects');
  });
});
