// Requests for every operation of /openapi.json: path segments, query strings and bodies
// built from each parameter's schema and its edges, sent with and without a session. Each
// request says whether the schema refuses it, judged by the validator Fastify itself uses
// (ajv with Fastify's options), so the fuzzer can insist on a 4xx, not only on "not 5xx".
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { anyValue, edgeValue, type FuzzContext, hinted, type JsonSchema, validValue } from './values.ts';

/** Who sends a request. */
export type Identity = 'none' | 'customer' | 'producer' | 'bogus';

/** One operation of the OpenAPI document. */
export interface Operation {
  method: string;
  /** The templated path, `/seat/maps/{eventId}`. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: { name: string; schema: JsonSchema; required: boolean }[];
  body: JsonSchema | null;
  needsSession: boolean;
}

/** A generated request, as `app.inject` takes it, plus what the schema makes of it. */
export interface FuzzRequest {
  method: string;
  url: string;
  identity: Identity;
  /** The body exactly as sent (JSON text or other), or undefined for none. */
  body?: string;
  contentType?: string;
  /** True when the route's own schema refuses the request, so it must answer 4xx. */
  invalid: boolean;
  /** True when every part was drawn from its schema (no edge or raw value on purpose). */
  plausible: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

/** The operations of an OpenAPI document, in document order. */
export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        body: operation.requestBody?.content?.['application/json']?.schema ?? null,
        needsSession: (operation.security?.length ?? 0) > 0,
      });
    }
  }
  return operations;
}

/** `METHOD /path` of an operation. */
export function operationKey(operation: Operation): string {
  return `${operation.method} ${operation.path}`;
}

// Path segments a URL can hold that no schema value produces: malformed escapes, traversal,
// encoded NUL, very long segments (what the hand-written account test listed).
const RAW_SEGMENTS = [
  '%00',
  '..%2F..%2Fetc',
  '%2e%2e',
  '%E0%A4%A',
  '%',
  'a'.repeat(600),
  '%20',
  "'%20OR%201=1",
  '%F0%9F%98%80',
  '%C0%AF',
];

// Query strings no parameter schema produces.
const RAW_QUERIES = ['%', 'a=%E0%A4%A', 'a[b]=c&a[c]=d', '=&&=', '__proto__[x]=1', 'constructor=1'];

// Bodies that are not a JSON object: other JSON, broken JSON, other content types.
const RAW_BODIES: { body: string; contentType: string }[] = [
  { body: 'null', contentType: 'application/json' },
  { body: '[]', contentType: 'application/json' },
  { body: '"x"', contentType: 'application/json' },
  { body: '1', contentType: 'application/json' },
  { body: '{', contentType: 'application/json' },
  { body: '{"a":1}{"a":1}', contentType: 'application/json' },
  // JSON numbers a double cannot hold parse to ±Infinity; JSON.stringify never writes them.
  { body: '1e309', contentType: 'application/json' },
  {
    body: '{"id":1e309,"eventId":-1e309,"quantity":1e309,"amountCents":1e309}',
    contentType: 'application/json',
  },
  { body: '', contentType: 'application/json' },
  { body: '{"a":1}', contentType: 'text/plain' },
  { body: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { body: '{"a":1}', contentType: 'application/json; charset=latin1' },
];

/** The validator Fastify builds for route schemas (its ajv compiler's options plus the app's). */
function fastifyAjv(): Ajv {
  const ajv = new Ajv({
    coerceTypes: 'array',
    useDefaults: true,
    removeAdditional: false,
    strictNumbers: true,
    allErrors: false,
    strict: false,
  });
  (addFormats as unknown as (instance: Ajv) => void)(ajv);
  return ajv;
}

/** Validators for one operation's path, query and body, as Fastify checks them. */
interface Validators {
  params: ValidateFunction | null;
  query: ValidateFunction | null;
  body: ValidateFunction | null;
}

function validatorsFor(ajv: Ajv, operation: Operation): Validators {
  const objectOf = (entries: { name: string; schema: JsonSchema; required?: boolean }[]) => ({
    type: 'object',
    properties: Object.fromEntries(entries.map((entry) => [entry.name, entry.schema])),
    required: entries.filter((entry) => entry.required !== false).map((entry) => entry.name),
  });
  return {
    params: operation.pathParams.length ? ajv.compile(objectOf(operation.pathParams)) : null,
    query: operation.query.length ? ajv.compile(objectOf(operation.query)) : null,
    body: operation.body ? ajv.compile(structuredClone(operation.body)) : null,
  };
}

/** Text as a client's UTF-8 encoder sends it: a lone surrogate becomes U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

function asText(value: unknown): string {
  if (typeof value === 'string') return wellFormed(value);
  if (value === undefined) return '';
  if (typeof value === 'object') return wellFormed(JSON.stringify(value));
  return String(value);
}

/** A path segment: a schema value (encoded as a client would), or a raw one. */
type Segment = { text: string } | { raw: string };

/** The query: schema values per parameter, or a raw string. */
type Query = { entries: [string, unknown][] } | { raw: string };

/** The body: a JSON value, a raw text with its content type, or none. */
type Body = { json: unknown } | { raw: string; contentType: string } | { none: true };

function segmentArbitrary(name: string, schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<Segment> {
  return fc.oneof(
    { weight: 3, arbitrary: validValue(hinted(schema, name), ctx).map((value) => ({ text: asText(value) })) },
    { weight: 2, arbitrary: edgeValue(schema, ctx).map((value) => ({ text: asText(value) })) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({ raw })) },
  );
}

function plausibleQuery(operation: Operation, ctx: FuzzContext): fc.Arbitrary<Query> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const param of operation.query) model[param.name] = validValue(hinted(param.schema, param.name), ctx);
  const requiredKeys = operation.query.filter((param) => param.required).map((param) => param.name);
  return fc.record(model, { requiredKeys }).map((values): Query => ({ entries: Object.entries(values) }));
}

function queryArbitrary(operation: Operation, ctx: FuzzContext): fc.Arbitrary<Query> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const param of operation.query) model[param.name] = anyValue(hinted(param.schema, param.name), ctx);
  const requiredKeys = operation.query.filter((param) => param.required).map((param) => param.name);
  const plausible = operation.query.length
    ? fc.record(model, { requiredKeys }).map((values) => ({ entries: Object.entries(values) }))
    : fc.constant({ entries: [] as [string, unknown][] });
  return fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERIES).map((raw) => ({ raw })) },
  );
}

function bodyArbitrary(operation: Operation, ctx: FuzzContext): fc.Arbitrary<Body> {
  const raw = fc.constantFrom(...RAW_BODIES).map(({ body, contentType }) => ({ raw: body, contentType }));
  if (!operation.body) {
    return fc.oneof(
      { weight: 6, arbitrary: fc.constant({ none: true as const }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((json) => ({ json })) },
      { weight: 1, arbitrary: raw },
    );
  }
  return fc.oneof(
    { weight: 3, arbitrary: validValue(operation.body, ctx).map((json) => ({ json })) },
    { weight: 4, arbitrary: edgeValue(operation.body, ctx).map((json) => ({ json })) },
    { weight: 1, arbitrary: raw },
    { weight: 1, arbitrary: fc.constant({ none: true as const }) },
  );
}

/** Splits a query string the way Fastify's parser does: repeated keys become arrays. */
function parseQuery(search: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const previous = out[key];
    out[key] =
      previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

function check(validate: ValidateFunction | null, data: unknown): boolean | null {
  if (!validate) return null;
  return validate(structuredClone(data)) as boolean;
}

/**
 * Requests for one operation, each told whether its own schema refuses it. `accounts` are
 * the customer ids behind the identities that carry a session.
 */
export function requestArbitrary(
  operation: Operation,
  ctx: FuzzContext,
  accounts: Partial<Record<Identity, number>> = {},
  ajv = fastifyAjv(),
): fc.Arbitrary<FuzzRequest> {
  const validators = validatorsFor(ajv, operation);
  const identities: Identity[] = operation.needsSession
    ? ['customer', 'customer', 'producer', 'none', 'bogus']
    : ['none', 'none', 'customer', 'producer', 'bogus'];
  // Plausible requests (every part from its schema) reach the domain code; the others put
  // one or more parts at or past their edges.
  const parts = (identity: Identity, plausible: boolean) => {
    const own = { ...ctx, self: accounts[identity] };
    return fc.record({
      identity: fc.constant(identity),
      plausible: fc.constant(plausible),
      segments: fc.tuple(
        ...operation.pathParams.map((param) =>
          plausible
            ? validValue(hinted(param.schema, param.name), own).map(
                (value): Segment => ({ text: asText(value) }),
              )
            : segmentArbitrary(param.name, param.schema, own),
        ),
      ),
      query: plausible ? plausibleQuery(operation, own) : queryArbitrary(operation, own),
      body:
        plausible && operation.body
          ? validValue(operation.body, own).map((json): Body => ({ json }))
          : bodyArbitrary(operation, own),
    });
  };
  return fc
    .oneof(
      ...identities.flatMap((identity) => [
        { weight: 2, arbitrary: parts(identity, true) },
        { weight: 3, arbitrary: parts(identity, false) },
      ]),
    )
    .map(({ identity, plausible, segments, query, body }) => {
      // Judged only where the request's text is what a client's encoder makes of a value;
      // raw segments, queries and bodies are "unknown" unless a body schema refuses them.
      let invalid = false;
      let path = operation.path;
      const params: Record<string, string> = {};
      let rawPath = false;
      operation.pathParams.forEach((param, index) => {
        const segment = segments[index] as Segment;
        const encoded = 'raw' in segment ? segment.raw : encodeURIComponent(segment.text);
        if ('raw' in segment) rawPath = true;
        else params[param.name] = segment.text;
        path = path.replace(`{${param.name}}`, encoded);
      });
      // An empty segment makes another route (or none) answer; it is judged by status only.
      if (!rawPath && Object.values(params).every((value) => value !== '')) {
        if (check(validators.params, params) === false) invalid = true;
      }
      let search: string;
      if ('raw' in query) {
        search = query.raw;
      } else {
        const pairs = new URLSearchParams();
        for (const [name, value] of query.entries) {
          if (value === undefined) continue;
          if (Array.isArray(value)) for (const item of value) pairs.append(name, asText(item));
          else pairs.append(name, asText(value));
        }
        search = pairs.toString();
        if (check(validators.query, parseQuery(search)) === false) invalid = true;
      }
      const url = search ? `${path}?${search}` : path;
      const request: FuzzRequest = { method: operation.method, url, identity, invalid, plausible };
      if ('json' in body) {
        request.body = JSON.stringify(body.json) ?? 'null';
        request.contentType = 'application/json';
        if (check(validators.body, JSON.parse(request.body)) === false) invalid = true;
      } else if ('raw' in body) {
        request.body = body.raw;
        request.contentType = body.contentType;
        if (validators.body) invalid = true;
      } else if (validators.body) {
        // Fastify validates a missing body as null.
        if (check(validators.body, null) === false) invalid = true;
      }
      request.invalid = invalid;
      return request;
    });
}

/** A request in one line, for failure reports and regression cases. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body === undefined ? '' : ` ${request.contentType} ${request.body.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)} as ${request.identity}${body}`;
}
