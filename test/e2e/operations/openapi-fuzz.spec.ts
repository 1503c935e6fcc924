import Ajv, { type ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { signUp } from '../../support/accounts';
import { startFakeCodehost } from '../../support/fake-codehost';
import { registerReader } from '../../support/feed';
import { launchOwnStack, type OwnStack } from '../../support/own-stack';
import { invalidValue, validValue, type JsonSchema } from '../../support/schema-arbitrary';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

const RUNS = 12;

/**
 * Requests generated from the shim's own `/openapi.json`, valid ones (with real credentials) and
 * invalid ones (any JSON, retyped or missing fields, odd path values), against a stack of its own
 * (they change accounts and sessions). No answer may be a 5xx, and every answer must be a status
 * the document lists for the route, with a body of the documented shape.
 */
describe('the REST surface fuzzed from its OpenAPI document', () => {
  let stack: OwnStack;
  let codehost: Awaited<ReturnType<typeof startFakeCodehost>>;
  let document: Document;
  let credentials: Record<string, string>;
  const ajv = new Ajv({ strict: false, validateFormats: false });
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    // The code host the sign-up routes ask stands in locally: an unreachable one is a fair 502.
    codehost = await startFakeCodehost();
    stack = await launchOwnStack({ CODEHOST_API_URL: codehost.url });
    document = (await (await fetch(`${stack.shimUrl}/openapi.json`)).json()) as Document;
    ajv.addSchema({ $id: 'document', components: document.components });
    const user = await signUp(stack.target);
    const reader = await registerReader(stack.target);
    credentials = { authorization: `Bearer ${user.token}`, 'x-access-token': reader.token };
  }, 150_000);
  afterAll(async () => {
    await stack?.stop();
    codehost?.server.close();
  });

  const resolve = (ref: string): JsonSchema => document.components.schemas[ref.replace('#/components/schemas/', '')];
  const validatorOf = (schema: JsonSchema): ValidateFunction => {
    const key = JSON.stringify(schema);
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(JSON.parse(key.replaceAll('"#/components/', '"document#/components/')));
      validators.set(key, validate);
    }
    return validate;
  };

  const jsonOperations = () =>
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        // A WebSocket upgrade (101) is a protocol of its own, not a JSON request: its specs test it.
        .filter(([, operation]) => !operation.responses['101'])
        .filter(([, operation]) => operation.responses['200']?.content?.['application/json'] ?? Object.values(operation.responses).some((r) => r.content?.['application/json']))
        .map(([method, operation]) => ({ method, path, operation })),
    );

  it('answers every generated request with a documented status and shape, never a 5xx', async () => {
    const operations = jsonOperations();
    expect(operations.length).toBeGreaterThan(10);
    for (const { method, path, operation } of operations) {
      for (const valid of [true, false]) {
        await fc.assert(
          fc.asyncProperty(requestFor(operation, valid), async (request) => {
            const url = new URL(fillPath(path, request.path), stack.shimUrl);
            for (const [name, value] of Object.entries(request.query)) url.searchParams.set(name, value);
            const sent = `${method.toUpperCase()} ${url.pathname}${url.search} ${JSON.stringify(request.headers)} ${request.body ?? ''}`;
            // A call that gets no answer at all (the connection closed) names the request it was.
            const response = await fetch(url, {
              method: method.toUpperCase(),
              headers: { ...(valid ? credentials : {}), ...request.headers },
              body: method === 'get' ? undefined : request.body,
            }).catch((error: unknown) => {
              throw new Error(`${sent} (${valid ? 'with' : 'without'} credentials): no answer`, { cause: error });
            });
            const text = await response.text();
            const where = `${method.toUpperCase()} ${url.pathname}${url.search} ${request.body ?? ''} → ${response.status} ${text.slice(0, 300)}`;
            expect({ where, serverError: response.status >= 500 }).toEqual({ where, serverError: false });
            const documented = operation.responses[String(response.status)];
            expect({ where, documented: Boolean(documented) }).toEqual({ where, documented: true });
            const schema = documented.content?.['application/json']?.schema;
            if (schema && (response.headers.get('content-type') ?? '').includes('json')) {
              const validate = validatorOf(schema);
              const body = JSON.parse(text);
              expect({ where, shape: validate(body) ? 'as documented' : ajv.errorsText(validate.errors) }).toEqual({ where, shape: 'as documented' });
            }
          }),
          { numRuns: RUNS },
        );
      }
    }
  }, 300_000);

  function requestFor(operation: Operation, valid: boolean) {
    const parameters = operation.parameters ?? [];
    const parameterValues = (location: Parameter['in']) =>
      fc.record(
        Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === location)
            .map((parameter) => [parameter.name, (valid ? validValue(parameter.schema, resolve) : fc.string({ minLength: 1, maxLength: 30 })).map(String)]),
        ),
        { requiredKeys: parameters.filter((parameter) => parameter.in === location && (parameter.required || location === 'path')).map((parameter) => parameter.name) },
      ) as fc.Arbitrary<Record<string, string>>;
    const content = operation.requestBody?.content ?? {};
    const type = ['application/json', 'application/x-www-form-urlencoded'].find((candidate) => candidate in content);
    const body: fc.Arbitrary<{ type?: string; text?: string }> = type
      ? (valid ? validValue(content[type].schema, resolve) : invalidValue(content[type].schema, resolve)).map((value) => ({ type, text: encodeBody(type, value) }))
      : fc.constant({});
    return fc.record({ path: parameterValues('path'), query: parameterValues('query'), headers: parameterValues('header'), body }).map((request) => ({
      path: request.path,
      query: request.query,
      headers: { ...request.headers, ...(request.body.type ? { 'content-type': request.body.type } : {}) },
      body: request.body.text,
    }));
  }
});

/**
 * The path with its parameters filled in. A value that is empty, `.` or `..` becomes `x`: URLs drop
 * dot segments (`%2E` too), so no client can send such a value as a path segment.
 */
function fillPath(path: string, values: Record<string, string>): string {
  const segment = (value: string | undefined) => (!value || value === '.' || value === '..' ? 'x' : value);
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encodeURIComponent(segment(values[name])));
}

function encodeBody(type: string, value: unknown): string {
  if (type === 'application/json') return JSON.stringify(value);
  const fields = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  return new URLSearchParams(Object.entries(fields).map(([name, field]): [string, string] => [name, typeof field === 'string' ? field : JSON.stringify(field)])).toString();
}
