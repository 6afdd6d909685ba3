import { ApiErrorBodySchema } from '@cogni/domain';
import { z } from 'zod';
import { MAX_BODY_BYTES } from '../lib/body-limit';
import { API_ROUTES, type ApiRoute } from './api-routes';

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1) as plain data. */
export type JsonSchema = { [key: string]: unknown };

export type OpenApiParameter = {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
  description?: string;
};

export type OpenApiOperation = {
  operationId: string;
  summary: string;
  tags: string[];
  /** Empty for public routes; the session cookie otherwise. */
  security: Record<string, string[]>[];
  /** Who may call it: 'public', 'user', 'researcher' or 'admin' (OpenAPI has no word for roles). */
  'x-access': ApiRoute['access'];
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description: string;
    license: { name: string; identifier?: string; url?: string };
  };
  servers: { url: string; description: string }[];
  tags: { name: ApiRoute['tag']; description: string }[];
  paths: Record<string, Partial<Record<Lowercase<ApiRoute['method']>, OpenApiOperation>>>;
  components: {
    schemas: { ApiError: JsonSchema };
    securitySchemes: Record<string, unknown>;
  };
};

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What each group of operations is for: a new tag without a description is a type error. */
export const TAG_DESCRIPTIONS: Record<ApiRoute['tag'], string> = {
  system:
    'The server itself: whether it and its database answer, this document, and the errors the web app reports.',
  auth: 'Signing up, in (with a second TOTP step when set) and out, who is signed in, and the one-time setup link that creates the first admin.',
  account:
    'The signed-in user’s own account: profile, password, two-factor login, a copy of everything stored, and deleting it.',
  results:
    'A signed-in user’s runs of a task: starting or resuming one, saving its trials one by one, and finishing and scoring it.',
  progress:
    'A signed-in user’s finished results, score history and trials, and a download of all their trials.',
  studies:
    'A researcher’s studies: their versioned content, state, preview, collaborators, owner and personal codes.',
  participation:
    'Taking part in a study through its link, without an account: the landing page, the start, consent, the steps and their runs, and the end.',
  admin:
    'For admins: accounts and roles, every user’s results, task reports, the error and audit logs, the research export and mock data.',
};

/** A JSON Schema that matches any value: `{}`, as z.custom becomes. */
function isAnyValue(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && Object.keys(schema).length === 0;
}

/**
 * A zod schema as JSON Schema. Requests are described on their input side (what a client
 * sends, before defaults and transforms), answers on their output side. Types JSON Schema has
 * no word for (z.custom) become `{}`: any value.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    reused: 'inline',
    // A union with a member that matches any value (z.custom(...).nullable()) matches any value:
    // said as `{}`, not as an `anyOf` whose other members mean nothing.
    override: ({ jsonSchema }) => {
      if (Array.isArray(jsonSchema.anyOf) && jsonSchema.anyOf.some(isAnyValue)) {
        delete jsonSchema.anyOf;
      }
    },
  }) as JsonSchema;
  return json;
}

/** `/api/results/:id` -> `/api/results/{id}`. */
export function toOpenApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function toOperationId(route: ApiRoute): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[/.-]/)
    .map((part) => (part.startsWith(':') ? `by ${part.slice(1)}` : part))
    .join(' ')
    .split(' ')
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words]
    .map((word, i) => (i === 0 ? word : word[0]?.toUpperCase() + word.slice(1)))
    .join('');
}

/** The properties of an object's JSON Schema as parameters, required as the schema says. */
function toParameters(
  schema: z.ZodType,
  location: 'path' | 'query',
): { parameters: OpenApiParameter[]; isStrict: boolean } {
  const json = toJsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  const parameters = Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
  return { parameters, isStrict: json.additionalProperties === false };
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: ERROR_REF } } };
}

/**
 * The refusals a route can give, from what it is (who may call it, whether it reads a body,
 * query or ids) and from its own list.
 */
function describeErrors(route: ApiRoute, hasStrictQuery: boolean) {
  const isUnsafe = UNSAFE_METHODS.has(route.method);
  const errors: Record<string, string[]> = {};
  const add = (status: number, text: string) => {
    errors[status] = [...(errors[status] ?? []), text];
  };
  if (route.body) add(400, 'The body is not JSON or fails validation (error.fields per field)');
  if (route.query) {
    add(
      400,
      hasStrictQuery
        ? 'A query parameter fails validation or is unknown (error.fields per parameter)'
        : 'A query parameter fails validation',
    );
  }
  if (isUnsafe && !route.body) add(400, 'Content-Type is not application/json');
  if (route.access === 'participant') {
    add(401, 'No participation: the participant cookie is missing, forged or another study’s');
  } else if (route.access !== 'public') add(401, 'Not signed in');
  if (route.access === 'admin') add(403, 'Not an admin');
  if (route.access === 'researcher') add(403, 'Not a researcher or an admin');
  const isSignedIn = route.access !== 'public' && route.access !== 'participant';
  if (isSignedIn && !route.isOpenBeforeOwnPassword) {
    add(403, 'PASSWORD_CHANGE_REQUIRED: the password an admin set must be changed first');
  }
  if (isUnsafe) add(403, 'The request did not come from this site (Origin)');
  if (route.params) add(404, 'No such object, or not the caller’s');
  // Every API request (lib/body-limit.ts), a GET too: its declared Content-Length is checked
  // before anything else runs.
  add(
    413,
    isUnsafe
      ? `The body is larger than ${MAX_BODY_BYTES / 1024} KB`
      : `The request declares a body (Content-Length) larger than ${MAX_BODY_BYTES / 1024} KB`,
  );
  for (const [status, text] of Object.entries(route.errors ?? {})) add(Number(status), text);
  add(500, 'An unexpected failure (details only in the server log)');
  add(503, 'The database is briefly unavailable, or too many sign-ins at once; retry');
  return Object.fromEntries(
    Object.entries(errors).map(([status, texts]) => [status, errorResponse(texts.join('; '))]),
  );
}

function describeSuccess(route: ApiRoute) {
  const { success } = route;
  const responses: OpenApiOperation['responses'] = {};
  if (!success.schema) {
    responses[success.status] = { description: success.description };
    return responses;
  }
  const schema = toJsonSchema(success.schema, 'output');
  const content: Record<string, { schema: JsonSchema }> = success.isDownload
    ? { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema } }
    : success.binary
      ? {}
      : { 'application/json': { schema } };
  if (success.binary) {
    content[success.binary] = { schema: { type: 'string', contentMediaType: success.binary } };
  }
  responses[success.status] = { description: success.description, content };
  if (success.alsoOk) {
    responses[success.alsoOk.status] = { description: success.alsoOk.description, content };
  }
  return responses;
}

function describeOperation(route: ApiRoute): OpenApiOperation {
  const parameters: OpenApiParameter[] = [];
  if (route.params) parameters.push(...toParameters(route.params, 'path').parameters);
  let hasStrictQuery = false;
  if (route.query) {
    const query = toParameters(route.query, 'query');
    parameters.push(...query.parameters);
    hasStrictQuery = query.isStrict;
  }
  const operation: OpenApiOperation = {
    operationId: toOperationId(route),
    summary: route.summary,
    tags: [route.tag],
    security:
      route.access === 'public'
        ? []
        : route.access === 'participant'
          ? [{ participant: [] }]
          : [{ session: [] }],
    'x-access': route.access,
    parameters,
    responses: { ...describeSuccess(route), ...describeErrors(route, hasStrictQuery) },
  };
  if (route.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: toJsonSchema(route.body, 'input') } },
    };
  }
  return operation;
}

/** The OpenAPI 3.1 document of the whole API, from the route table. */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const path = toOpenApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: describeOperation(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cogni API',
      version: '0.1.0',
      description: [
        'Every body and query is validated on the server with the schemas this document is',
        'generated from. Bodies are strict JSON objects: an unknown field is a 400, and so is',
        'text with NUL or an unpaired surrogate anywhere in a body or query. A',
        'state-changing request needs the Origin of this site and Content-Type',
        `application/json, and at most ${MAX_BODY_BYTES / 1024} KB. Every error is`,
        '`{ error: { code, message, fields? } }`. API answers are `Cache-Control: no-store`',
        'except this document.',
      ].join(' '),
      // The project grants no license (no license field in package.json, no LICENSE file).
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' },
    },
    // The API is served from the web app's own origin, whatever host that is.
    servers: [{ url: '/', description: 'The origin this document is served from' }],
    tags: [...new Set(routes.map((route) => route.tag))].map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name],
    })),
    paths,
    components: {
      schemas: { ApiError: toJsonSchema(ApiErrorBodySchema, 'output') },
      securitySchemes: {
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cogni_session',
          description:
            'The HttpOnly session cookie set by POST /api/auth/login; over HTTPS it is named __Host-cogni_session.',
        },
        participant: {
          type: 'apiKey',
          in: 'cookie',
          name: 'cogni_participant',
          description:
            'A study participant’s token, set by POST /api/participation/{code}/start on that study’s path only; over HTTPS it is named __Secure-cogni_participant.',
        },
      },
    },
  };
}
