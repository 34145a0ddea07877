import * as contracts from '@crescendo/contracts';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { serializerCompiler } from './response-serializer';

type Serialize = (value: unknown) => string;

const routeSchema = (schema: $ZodType) =>
  ({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as Parameters<
    typeof serializerCompiler
  >[0];
const compiled = (schema: $ZodType) => serializerCompiler(routeSchema(schema)) as Serialize;
const viaZod = (schema: $ZodType) => zodSerializerCompiler(routeSchema(schema)) as Serialize;

function outcomeOf(serialize: Serialize, value: unknown) {
  try {
    return { json: serialize(value) };
  } catch (error) {
    return { error: error instanceof ResponseSerializationError ? 'mismatch' : String(error) };
  }
}

/** A deterministic source of choices, so a failure can be replayed. */
function createRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return {
    chance: (probability: number) => next() < probability,
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
    count: (max: number) => Math.floor(next() * (max + 1)),
  };
}
type Random = ReturnType<typeof createRandom>;

const tricky = [
  '',
  'plain',
  'say "hi"',
  'back\\slash',
  'line\nbreak\ttab',
  'ünïcødé',
  '😀',
  '\u2028',
  '\ud800',
  '</script>',
];
const floats = [0, -0, 1, 0.1 + 0.2, 1e21, 5e-324, -7.125, 12345.678, 46400, 0.0487];
const integers = [0, -0, 1, -5, 123456, 2 ** 53 - 1, -(2 ** 53 - 1)];

type Definition = {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  format?: string;
  shape?: Record<string, $ZodType>;
  innerType?: $ZodType;
  element?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  partial?: boolean;
  entries?: Record<string, unknown>;
  values?: unknown[];
  in?: $ZodType;
};
const definitionOf = (schema: $ZodType) => schema._zod.def as unknown as Definition;

/** A value shaped by the schema (mostly valid), with undeclared fields sprinkled in. */
function sample(schema: $ZodType, random: Random, depth = 0): unknown {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(definition.shape!)) {
        if (definitionOf(field).type === 'optional' && random.chance(0.3)) {
          if (random.chance(0.5)) value[key] = undefined;
          continue;
        }
        value[key] = sample(field, random, depth + 1);
      }
      if (random.chance(0.5)) value.undeclaredSecret = 'must never be sent';
      return value;
    }
    case 'string': {
      const format = definition.format;
      if (format === 'uuid') return crypto.randomUUID();
      if (format === 'datetime') return new Date(1_700_000_000_000).toISOString();
      if (format === 'date') return '2025-06-13';
      if (format === 'email') return 'artist@example.com';
      if (format === 'url') return 'https://example.com/a?b=c';
      return random.pick(tricky);
    }
    case 'number': {
      const isInteger = definition.checks?.some((check) => check._zod.def.format === 'safeint');
      return random.pick(isInteger ? integers : floats);
    }
    case 'boolean':
      return random.chance(0.5);
    case 'enum':
      return random.pick(Object.values(definition.entries!));
    case 'literal':
      return random.pick(definition.values!);
    case 'null':
      return null;
    case 'nullable':
      return random.chance(0.3) ? null : sample(definition.innerType!, random, depth + 1);
    case 'optional':
      return random.chance(0.3) ? undefined : sample(definition.innerType!, random, depth + 1);
    case 'default':
      return random.chance(0.3) ? undefined : sample(definition.innerType!, random, depth + 1);
    case 'pipe':
      return sample(definition.in!, random, depth + 1);
    case 'array':
      return Array.from({ length: depth > 4 ? 0 : random.count(3) }, () =>
        sample(definition.element!, random, depth + 1),
      );
    case 'record': {
      const keyDefinition = definitionOf(definition.keyType!);
      const keys =
        keyDefinition.type === 'enum'
          ? Object.values(keyDefinition.entries!).filter(
              () => !definition.partial || random.chance(0.6),
            )
          : ['a', 'key with spaces', 'ünï'].filter(() => random.chance(0.6));
      return Object.fromEntries(
        keys.map((key) => [key, sample(definition.valueType!, random, depth + 1)]),
      );
    }
    default:
      return undefined;
  }
}

/** The same value with one leaf replaced by something of the wrong kind. */
function breakOneLeaf(value: unknown, random: Random): unknown {
  const wrong = [Number.NaN, Infinity, 'text', 42.5, true, null, undefined, {}, [], Symbol('x')];
  if (Array.isArray(value)) {
    if (value.length === 0) return random.pick(wrong);
    const copy = [...value];
    const index = random.count(copy.length - 1);
    copy[index] = breakOneLeaf(copy[index], random);
    return copy;
  }
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value);
    if (keys.length === 0 || random.chance(0.2)) return random.pick(wrong);
    const key = random.pick(keys);
    return { ...value, [key]: breakOneLeaf((value as Record<string, unknown>)[key], random) };
  }
  return random.pick(wrong);
}

const contractSchemas = Object.entries(contracts as Record<string, unknown>).filter(
  (entry): entry is [string, $ZodType] => entry[1] instanceof $ZodType,
);

describe('compiled response serializer', () => {
  it('writes only declared fields, at every depth, exactly as JSON of the validated value', () => {
    const schema = z.object({
      id: z.string(),
      count: z.number().int(),
      nested: z.object({ share: z.number().nullable(), note: z.string().optional() }),
      list: z.array(z.object({ isNew: z.boolean(), kind: z.enum(['spike', 'milestone']) })),
      byPlatform: z.partialRecord(
        z.enum(['youtube', 'instagram']),
        z.object({ views: z.number() }),
      ),
    });
    const value = {
      password: 'hunter2',
      id: 'a "quoted" id',
      count: 3,
      nested: { share: null, note: undefined, token: 'secret' },
      list: [{ isNew: true, kind: 'spike', internal: 1 }],
      byPlatform: { instagram: { views: 7, sealed: 'x' }, youtube: { views: 0.5 } },
    };
    const json = compiled(schema)(value);
    expect(json).toBe(JSON.stringify(z.encode(schema, value as never)));
    expect(json).toBe(viaZod(schema)(value));
    expect(json).not.toMatch(/password|token|internal|sealed|secret|hunter2/);
    expect(JSON.parse(json)).toEqual({
      id: 'a "quoted" id',
      count: 3,
      nested: { share: null },
      list: [{ isNew: true, kind: 'spike' }],
      byPlatform: { instagram: { views: 7 }, youtube: { views: 0.5 } },
    });
  });

  it('answers a value that does not match its schema as the default serializer does', () => {
    const schema = z.object({
      count: z.number().int(),
      kind: z.enum(['spike', 'milestone']),
      byPlatform: z.partialRecord(z.enum(['youtube']), z.number()),
    });
    const valid = { count: 1, kind: 'spike', byPlatform: { youtube: 2 } };
    for (const invalid of [
      { ...valid, count: 1.5 },
      { ...valid, count: Number.NaN },
      { ...valid, count: '1' },
      { ...valid, kind: 'other' },
      { count: 1, byPlatform: {} },
      { ...valid, byPlatform: { youtube: 2, tiktok: 3 } },
      { ...valid, byPlatform: { youtube: Infinity } },
      [valid],
      null,
    ]) {
      expect(() => compiled(schema)(invalid)).toThrow(ResponseSerializationError);
    }
  });

  it('gives what the default serializer gives for every contract schema, valid or not', () => {
    const random = createRandom(20250615);
    let compared = 0;
    for (const [name, schema] of contractSchemas) {
      const fast = compiled(schema);
      const reference = viaZod(schema);
      for (let round = 0; round < 150; round += 1) {
        const value = sample(schema, random);
        for (const candidate of [value, breakOneLeaf(value, random)]) {
          const expected = outcomeOf(reference, candidate);
          const actual = outcomeOf(fast, candidate);
          if (actual.json !== expected.json || actual.error !== expected.error)
            expect({ name, candidate, actual }).toEqual({ name, candidate, actual: expected });
          compared += 1;
        }
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});
