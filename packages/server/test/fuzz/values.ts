// Values for one JSON Schema (as /openapi.json publishes it): plausible values that satisfy
// it, and values at and past its edges. Which of them the API host must refuse is not
// decided here; requests.ts asks the validator Fastify uses.
import fc from 'fast-check';

/** The part of JSON Schema the API host's TypeBox schemas publish. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Values taken from the database the requests run against, so some of them hit real rows. */
export interface FuzzContext {
  /** Ids of rows that exist (events, seats, tickets, orders, customers…). */
  ids: number[];
  /** E-mails of accounts that exist. */
  emails: string[];
  /** Other strings that name real things (event slugs, chat rooms). */
  strings: string[];
  /** The caller's own customer id, when the request carries a session. */
  self?: number;
}

const INT32_MAX = 2_147_483_647;

/**
 * Junk a careless or hostile client sends in place of any field (what the hand-written
 * "never 500" lists held): wrong types, empty and huge values, markup, SQL, control
 * characters, operator objects.
 */
export const JUNK: readonly unknown[] = [
  null,
  true,
  false,
  -1,
  0,
  1e308,
  2_147_483_648,
  '',
  ' ',
  'x'.repeat(5000),
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "'; DROP TABLE customers; --",
  '\u0000\u0001',
  '😀'.repeat(50),
  [],
  ['a', 'b'],
  {},
  { $gt: '' },
];

/** Strings at the edges of what text fields meet: encodings, dates, numbers in text, controls. */
const STRING_EDGES: readonly string[] = [
  '',
  ' ',
  '\t\r\n',
  'a\u0000b',
  '\u0000',
  '\uD800',
  'a\uDC00b',
  '\u202Eevil',
  'ção 😀 ⁦',
  '%00',
  '%E0%A4%A',
  'null',
  'undefined',
  '0',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '2147483648',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00Z',
  '2024-02-30T25:61:00Z',
  '9999-12-31T23:59:59.999Z',
  '1970-01-01',
  'a@b',
  '@',
  'ana@example.com\r\nBcc: x@example.com',
  'dm-1-2',
  'dm-0-0',
  'dm-99999999999-1',
  '../../../etc/passwd',
  '\\',
  'a\\',
  '%_\\',
  "' OR 1=1 --",
  '<img src=x onerror=alert(1)>',
  '{"$gt":""}',
];

/** Integers and numbers at the edges of a PostgreSQL integer and of JavaScript numbers. */
const NUMBER_EDGES: readonly number[] = [
  0,
  -0,
  -1,
  1,
  0.5,
  1.5,
  INT32_MAX,
  INT32_MAX + 1,
  -INT32_MAX - 1,
  -INT32_MAX - 2,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  8_640_000_000_000_001,
];

/** Numbers as text, which the validator coerces (query strings and path segments are text). */
const NUMERIC_TEXT: readonly string[] = [
  '1',
  '01',
  '1.0',
  '1e3',
  '0x10',
  ' 1',
  '1 ',
  '-0',
  '+1',
  '',
  // Past what a double holds, or not a number at all: each coerces to a non-finite number.
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  // Past 2^53: the text names an integer JavaScript cannot represent.
  '9007199254740993',
  '1e20',
];

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  if (schema.items) return ['array'];
  return [];
}

function lengthOf(text: string): number {
  // The validator counts code points, not UTF-16 units.
  return [...text].length;
}

function repeatTo(length: number, unit = 'x'): string {
  return unit.repeat(Math.max(0, length));
}

/** Longest text the generators build, so a 7 MB limit does not make 7 MB requests. */
const LONGEST = 70_000;

function patternOf(schema: JsonSchema): RegExp | null {
  if (!schema.pattern) return null;
  try {
    return new RegExp(schema.pattern, 'u');
  } catch {
    return null;
  }
}

function validString(schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, min + 60, LONGEST);
  const fits = (text: string): boolean => {
    const length = lengthOf(text);
    return length >= min && length <= (schema.maxLength ?? Number.POSITIVE_INFINITY);
  };
  const pattern = patternOf(schema);
  const matches = (text: string): boolean => fits(text) && (!pattern || pattern.test(text));
  // Real values of the database: e-mails where the schema asks for one, other names elsewhere.
  const known = (schema.format === 'email' ? ctx.emails : schema.format ? [] : ctx.strings).filter(matches);
  let base: fc.Arbitrary<string>;
  if (schema.format === 'email') {
    base = fc.oneof(fc.emailAddress(), fc.constantFrom(...(ctx.emails.length ? ctx.emails : ['a@b.co'])));
  } else if (schema.format === 'date-time') {
    base = fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  } else if (schema.format === 'uuid') {
    base = fc.uuid();
  } else if (pattern) {
    let matching: fc.Arbitrary<string> | null = null;
    try {
      matching = fc.stringMatching(pattern);
    } catch {
      matching = null;
    }
    const plain = fc.string({ minLength: min, maxLength: max });
    base = matching ? fc.oneof(matching, plain) : plain;
  } else {
    base = fc.oneof(
      fc.string({ minLength: min, maxLength: max }),
      fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }),
    );
  }
  const generated = base.filter(matches);
  return known.length ? fc.oneof(generated, fc.constantFrom(...known)) : generated;
}

function stringEdges(schema: JsonSchema): unknown[] {
  const edges: unknown[] = [...STRING_EDGES];
  const max = schema.maxLength;
  const min = schema.minLength ?? 0;
  if (max !== undefined) {
    const at = Math.min(max, LONGEST);
    edges.push(repeatTo(at), repeatTo(Math.min(max + 1, LONGEST + 1)), repeatTo(at, 'é'), repeatTo(at, '😀'));
  } else {
    edges.push(repeatTo(5000), repeatTo(70_000));
  }
  if (min > 0) edges.push(repeatTo(min - 1), repeatTo(min));
  if (schema.enum) {
    for (const value of schema.enum) {
      if (typeof value === 'string') edges.push(value.toUpperCase(), ` ${value}`, `${value}\u0000`);
    }
  }
  return edges;
}

function integerRange(schema: JsonSchema): { min: number; max: number } {
  const min =
    schema.exclusiveMinimum !== undefined
      ? Math.floor(schema.exclusiveMinimum) + 1
      : (schema.minimum ?? -INT32_MAX - 1);
  const max =
    schema.exclusiveMaximum !== undefined
      ? Math.ceil(schema.exclusiveMaximum) - 1
      : (schema.maximum ?? INT32_MAX);
  return { min: Math.max(min, -Number.MAX_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) };
}

function validInteger(schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<number> {
  const { min, max } = integerRange(schema);
  const known = ctx.ids.filter((id) => id >= min && id <= max);
  const small = fc.integer({
    min: Math.max(min, Math.min(0, max)),
    max: Math.min(max, Math.max(min, 0) + 20),
  });
  const any = fc.integer({ min, max });
  const choices: fc.WeightedArbitrary<number>[] = [
    { weight: 1, arbitrary: small },
    { weight: 1, arbitrary: any },
  ];
  if (known.length) choices.push({ weight: 2, arbitrary: fc.constantFrom(...known) });
  // Fields naming the caller (customerid, userId…) pass the ownership check only with it.
  if (ctx.self !== undefined && ctx.self >= min && ctx.self <= max) {
    choices.push({ weight: 2, arbitrary: fc.constant(ctx.self) });
  }
  return fc.oneof(...choices);
}

function numberEdges(schema: JsonSchema): unknown[] {
  const edges: unknown[] = [...NUMBER_EDGES, ...NUMERIC_TEXT];
  for (const bound of [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum]) {
    if (bound !== undefined) edges.push(bound - 1, bound, bound + 1, bound + 0.5);
  }
  return edges;
}

// Fields the schemas type as plain text although they hold an e-mail (`user`, `email`,
// `to_customer_user`): plausible values for them are e-mails, or the domain refuses them all.
const EMAIL_NAME = /^(user|.*e-?mail.*|to_customer_user)$/i;

/** The schema of a field named `name`, with what its name says it holds (generation only). */
export function hinted(schema: JsonSchema, name: string): JsonSchema {
  const types = typesOf(schema);
  if (types.includes('string') && !schema.format && !schema.enum && EMAIL_NAME.test(name)) {
    return { ...schema, format: 'email' };
  }
  return schema;
}

/** A value the schema accepts (mostly: patterns and formats are sampled, not solved). */
export function validValue(schema: JsonSchema, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validValue(choice, ctx, depth)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), ctx, depth);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...schema, type }, ctx, depth)));
  switch (types[0]) {
    case 'string':
      return validString(schema, ctx);
    case 'integer':
      return validInteger(schema, ctx);
    case 'number': {
      const { min, max } = integerRange(schema);
      return fc.oneof(
        validInteger(schema, ctx),
        fc.double({
          min: Math.max(min, -1e9),
          max: Math.min(max, 1e9),
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 5, minLength + 5);
      return depth > 4
        ? fc.constant([])
        : fc.array(validValue(items, ctx, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema, ctx, depth);
    default:
      return fc.oneof(fc.constantFrom(...JUNK), fc.jsonValue({ maxDepth: 2 }));
  }
}

function validObject(
  schema: JsonSchema,
  ctx: FuzzContext,
  depth: number,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    model[name] = depth > 4 ? fc.constant(null) : validValue(hinted(property, name), ctx, depth + 1);
  }
  const requiredKeys = Object.keys(properties).filter((name) => required.has(name));
  return fc.record(model, { requiredKeys });
}

/** Values at and just past the schema's edges, and wrong types; each may or may not be accepted. */
export function edgeValue(schema: JsonSchema, ctx: FuzzContext, depth = 0): fc.Arbitrary<unknown> {
  const junk = fc.constantFrom(...JUNK);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(junk, ...choices.map((choice) => edgeValue(choice, ctx, depth)));
  const types = typesOf(schema);
  const edges: fc.Arbitrary<unknown>[] = [junk];
  for (const type of types.length ? types : ['string']) {
    if (type === 'string') edges.push(fc.constantFrom(...stringEdges(schema)));
    if (type === 'integer' || type === 'number') edges.push(fc.constantFrom(...numberEdges(schema)));
    if (type === 'boolean') edges.push(fc.constantFrom('true', 'false', 0, 1, 'yes', null));
    if (type === 'array' && depth <= 4) edges.push(arrayEdges(schema, ctx, depth));
    if (type === 'object' && depth <= 4) edges.push(objectEdges(schema, ctx, depth));
  }
  return fc.oneof(...edges);
}

function arrayEdges(schema: JsonSchema, ctx: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  const items = schema.items ?? {};
  const item = validValue(items, ctx, depth + 1);
  const max = schema.maxItems;
  const edges: fc.Arbitrary<unknown>[] = [
    fc.constant([]),
    fc.array(edgeValue(items, ctx, depth + 1), { minLength: 1, maxLength: 3 }),
    item.map((value) => [value, value, value]),
  ];
  if (max !== undefined && max <= 5000) {
    edges.push(fc.array(item, { minLength: max, maxLength: max }));
    edges.push(fc.array(item, { minLength: max + 1, maxLength: max + 1 }));
  }
  return fc.oneof(...edges);
}

function objectEdges(schema: JsonSchema, ctx: FuzzContext, depth: number): fc.Arbitrary<unknown> {
  const properties = Object.entries(schema.properties ?? {});
  const base = validObject(schema, ctx, depth);
  const edges: fc.Arbitrary<unknown>[] = [
    // One field at its edge, the others plausible.
    ...properties.map(([name, property]) =>
      fc
        .tuple(base, edgeValue(property, ctx, depth + 1))
        .map(([object, value]) => ({ ...object, [name]: value })),
    ),
    // A required field missing.
    ...(schema.required ?? []).map((name) =>
      base.map((object) => {
        const { [name]: _dropped, ...rest } = object;
        return rest;
      }),
    ),
    // A field the schema does not name, and prototype keys.
    base.map((object) => ({ ...object, unexpected: 'x' })),
    base.map((object) => {
      const rest = JSON.stringify(object).slice(1);
      return JSON.parse(`{"__proto__":{"isadmin":"1"}${rest === '}' ? '' : ','}${rest}`);
    }),
  ];
  if (!properties.length) edges.push(fc.jsonValue({ maxDepth: 2 }));
  return fc.oneof(...edges);
}

/** A value for the schema: plausible most of the time, otherwise at an edge. */
export function anyValue(schema: JsonSchema, ctx: FuzzContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: validValue(schema, ctx) },
    { weight: 3, arbitrary: edgeValue(schema, ctx) },
  );
}
