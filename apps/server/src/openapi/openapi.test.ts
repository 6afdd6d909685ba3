import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../lib/body-limit';
import { signUpAdmin } from '../testing/admin-fixtures';
import { createTestContext, type TestClient, type TestContext } from '../testing/test-app';
import { TEST_DATABASE_KINDS } from '../testing/test-database';
import { API_ROUTES } from './api-routes';
import {
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  TAG_DESCRIPTIONS,
  toOpenApiPath,
} from './build-openapi-document';

/** Every API route the router serves, as `METHOD /path`, in the document's path syntax. */
function listRouterRoutes(t: TestContext): string[] {
  return t.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${toOpenApiPath(route.path)}`);
}

function listDocumentedRoutes(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Every `$ref` in a value, at any depth. */
function collectRefs(value: unknown, refs: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) collectRefs(item, refs);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') refs.push(inner);
      else collectRefs(inner, refs);
    }
  }
  return refs;
}

const ANY_ID = '00000000-0000-4000-8000-000000000000';
/** A value of each path parameter that is not an id; a study code of no study. */
const PATH_SAMPLES: Record<string, string> = {
  '{phase}': 'sample',
  '{trialNumber}': '0',
  '{index}': '0',
  '{code}': 'abcdefghjkmn',
};

describe('the OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('is OpenAPI 3.1 with one operation per route of the table, each with a unique id', () => {
    expect(document.openapi).toBe('3.1.0');
    const documented = listDocumentedRoutes(document);
    expect(documented.sort()).toEqual(
      API_ROUTES.map((r) => `${r.method} ${toOpenApiPath(r.path)}`).sort(),
    );
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(new Set(operationIds).size).toBe(operationIds.length);
  });

  // What Redocly's recommended rules ask (`npm run lint:openapi` runs them all).
  it('describes every tag, and gives every operation a 4xx answer', () => {
    expect(document.tags.map((tag) => tag.name).sort()).toEqual(
      Object.keys(TAG_DESCRIPTIONS).sort(),
    );
    for (const tag of document.tags) expect(tag.description, tag.name).toMatch(/\w.*\.$/);
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const statuses = Object.keys(operation.responses).map(Number);
        expect(
          statuses.filter((status) => status >= 400 && status < 500),
          `${method} ${path}`,
        ).not.toEqual([]);
      }
    }
  });

  it('declares each path parameter of each path, and no other', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const operation of Object.values(methods)) {
        const declared = operation.parameters.filter((p) => p.in === 'path').map((p) => p.name);
        expect(declared.sort(), path).toEqual(inPath.sort());
      }
    }
  });

  it('describes bodies as strict objects, sessions and roles, and the error shape', () => {
    for (const route of API_ROUTES) {
      const operation =
        document.paths[toOpenApiPath(route.path)]?.[
          route.method.toLowerCase() as Lowercase<typeof route.method>
        ];
      const name = `${route.method} ${route.path}`;
      expect(operation, name).toBeDefined();
      if (!operation) continue;
      expect(operation['x-access'], name).toBe(route.access);
      const scheme = route.access === 'participant' ? 'participant' : 'session';
      expect(operation.security, name).toEqual(route.access === 'public' ? [] : [{ [scheme]: [] }]);
      const body = operation.requestBody?.content['application/json'].schema;
      // No mass assignment (ASVS 15.3.3): an unknown field is refused, so the document says so.
      // A body that is any registered task's trial is a union: each of its members is strict.
      const variants = (body?.anyOf as JsonSchema[] | undefined) ?? [body];
      if (route.body) {
        for (const variant of variants) expect(variant?.additionalProperties, name).toBe(false);
      } else expect(body, name).toBeUndefined();
      if (route.access !== 'public')
        expect(Object.keys(operation.responses), name).toContain('401');
      if (route.access === 'admin') expect(Object.keys(operation.responses), name).toContain('403');
      expect(Object.keys(operation.responses), name).toContain(String(route.success.status));
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content?.['application/json']?.schema, `${name} ${status}`).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
    }
    const errorShape = document.components.schemas.ApiError;
    expect((errorShape.properties as Record<string, JsonSchema>).error?.required).toEqual([
      'code',
      'message',
    ]);
    for (const ref of collectRefs(document)) {
      expect(ref).toMatch(/^#\/components\/schemas\/ApiError$/);
    }
  });

  it('states the limits the server applies, taken from the same schemas', () => {
    const register = document.paths['/api/auth/register']?.post?.requestBody?.content[
      'application/json'
    ].schema as { properties: Record<string, JsonSchema>; required: string[] };
    expect(register.required.sort()).toEqual(['email', 'firstName', 'lastName', 'password']);
    expect(register.properties.password).toMatchObject({ minLength: 12, maxLength: 128 });
    const users = document.paths['/api/admin/users']?.get?.parameters ?? [];
    expect(users.map((p) => p.name).sort()).toEqual(['page', 'pageSize', 'search']);
    expect(users.find((p) => p.name === 'pageSize')?.schema).toMatchObject({
      type: 'integer',
      minimum: 1,
      maximum: 100,
    });
    for (const path of [
      '/api/results/{id}/trials/{phase}/{block}/{trialNumber}',
      '/api/results/{id}/trials/{phase}/{trialNumber}',
    ]) {
      const trial = document.paths[path]?.put;
      const param = (name: string) => trial?.parameters.find((p) => p.name === name)?.schema;
      // Any task's phase in the path; the run's task's schema checks the body's.
      expect(param('phase'), path).toMatchObject({ type: 'string', maxLength: 50 });
      expect(param('trialNumber'), path).toMatchObject({
        type: 'integer',
        minimum: 0,
        maximum: 999,
      });
      expect(param('id'), path).toMatchObject({ pattern: '^[0-9a-fA-F-]{36}$' });
      const body = trial?.requestBody?.content['application/json'].schema;
      const [stroop] = (body?.anyOf ?? []) as { properties: Record<string, JsonSchema> }[];
      expect(stroop?.properties.phase, path).toMatchObject({
        enum: ['sample', 'practice', 'test'],
      });
    }
    const blocks = document.paths['/api/results/{id}/trials/{phase}/{block}/{trialNumber}']?.put;
    expect(blocks?.parameters.find((p) => p.name === 'block')?.schema).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 99,
    });
  });
});

describe.each(TEST_DATABASE_KINDS)('the OpenAPI document against the router on %s', (kind) => {
  let t: TestContext;
  let user: TestClient;
  const document = buildOpenApiDocument();

  beforeAll(async () => {
    t = await createTestContext(kind);
    user = await t.signUp({ email: 'openapi-user@example.com' });
    await signUpAdmin(t, { email: 'openapi-admin@example.com' });
  });
  afterAll(() => t?.close());

  it('has an entry for every API route the router serves, and none for a route it does not', () => {
    expect(listRouterRoutes(t).sort()).toEqual(listDocumentedRoutes(document).sort());
  });

  it('is served to anyone at /api/openapi.json as JSON, cacheable, with an ETag', async () => {
    const res = await t.client().get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(document)));
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await t.client().request('GET', '/api/openapi.json', {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    // Security headers still apply.
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a declared body over the limit on every route, a GET too, as it documents', async () => {
    const tooLong = { 'content-length': String(MAX_BODY_BYTES + 1) };
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const url = path.replace(/\{[^}]+\}/g, (name) => PATH_SAMPLES[name] ?? ANY_ID);
        const res = await t.client().request(method.toUpperCase(), url, { headers: tooLong });
        expect(res.status, `${method} ${path}`).toBe(413);
        expect(Object.keys(operation.responses), `${method} ${path}`).toContain('413');
      }
    }
  });

  it('says who may call each route as the server enforces it', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const url = path.replace(/\{[^}]+\}/g, (name) => PATH_SAMPLES[name] ?? ANY_ID);
        const body = method === 'get' ? {} : { body: {} };
        const anonymous = await t.client().request(method.toUpperCase(), url, body);
        answers.push(`${method} ${path} as visitor: ${anonymous.status === 401}`);
        expected.push(`${method} ${path} as visitor: ${operation['x-access'] !== 'public'}`);
        // Admin routes only: calling the user routes as the user could end its session.
        if (operation['x-access'] === 'admin') {
          const asUser = await user.request(method.toUpperCase(), url, body);
          answers.push(`${method} ${path} as user: ${asUser.status}`);
          expected.push(`${method} ${path} as user: 403`);
        }
      }
    }
    expect(answers).toEqual(expected);
  });
});
