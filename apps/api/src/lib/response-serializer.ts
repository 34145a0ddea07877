import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode } from 'zod/v4/core';

/**
 * Response serializer compiled once per route from the same zod contract (docs/decisions/0008).
 *
 * The default one (fastify-type-provider-zod) runs a zod encode of the whole response, which builds
 * a checked copy of it, then `JSON.stringify`s the copy. This one walks the contract once when the
 * route is registered and writes each response straight to JSON, checking every value it writes
 * against its schema on the way: only declared fields are written, in the schema's order, exactly
 * as the default one would write them.
 *
 * It handles the plain shapes responses are made of (objects, arrays, strings, numbers, integers,
 * booleans, enums, literals, null, nullable and optional fields, records). Anything else — a check
 * it does not know, a transform, a default — is encoded by zod itself for that part. And whenever a
 * value does not match what it expects, it hands the whole response to the default serializer,
 * which either writes it or reports the mismatch as before (a 500 naming the route, in the log).
 */
export const serializerCompiler: typeof zodSerializerCompiler = (routeSchema) => {
  const viaZod = zodSerializerCompiler(routeSchema);
  const schema = zodSchemaOf(routeSchema.schema);
  if (!schema) return viaZod;
  const write = compileWriter(schema);
  return (data) => {
    try {
      const json = write(data);
      if (json !== undefined) return json;
    } catch (error) {
      if (!(error instanceof Mismatch)) throw error;
    }
    return viaZod(data);
  };
};

/**
 * Writes a value as JSON, or returns undefined where `JSON.stringify` would leave it out (an
 * absent optional field); throws `Mismatch` when the value does not fit the schema.
 */
type JsonWriter = (value: unknown) => string | undefined;

class Mismatch extends Error {}
const mismatch = new Mismatch('value does not match its schema');

function zodSchemaOf(schema: unknown): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  if (
    typeof schema === 'object' &&
    schema !== null &&
    'properties' in schema &&
    schema.properties instanceof $ZodType
  )
    return schema.properties;
  return null;
}

type Definition = {
  type: string;
  checks?: readonly { _zod: { def: { check: string; format?: string } } }[];
  coerce?: boolean;
  format?: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  innerType?: $ZodType;
  element?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  partial?: boolean;
  mode?: string;
  entries?: Record<string, unknown>;
  values?: readonly unknown[];
};

const definitionOf = (schema: $ZodType) => schema._zod.def as unknown as Definition;
const hasChecks = (definition: Definition) => (definition.checks?.length ?? 0) > 0;
const isArrayIndex = (key: string) => /^(?:0|[1-9]\d*)$/.test(key);

/** Whether JSON.stringify would escape anything in the string (any surrogate: lone ones are). */
function needsEscaping(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff))
      return true;
  }
  return false;
}

/** A string as JSON: most need no escaping, and skipping JSON.stringify for them is faster. */
const quote = (value: string) => (needsEscaping(value) ? JSON.stringify(value) : `"${value}"`);

/**
 * Writers that may write nothing for a value (JSON.stringify would leave the field out): those
 * that hand their part to zod, and nullable ones around them.
 */
const mayWriteNothing = new WeakSet<JsonWriter>();

/** The part of a response this module does not write itself: zod encodes it, as before. */
function writeWithZod(schema: $ZodType): JsonWriter {
  const write: JsonWriter = (value) => {
    const result = safeEncode(schema, value);
    if (!result.success) throw mismatch;
    return JSON.stringify(result.data);
  };
  mayWriteNothing.add(write);
  return write;
}

function compileWriter(schema: $ZodType): JsonWriter {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'string':
      if (hasChecks(definition) || definition.format || definition.coerce) break;
      return (value) => {
        if (typeof value !== 'string') throw mismatch;
        return quote(value);
      };
    case 'number': {
      if (definition.coerce || definition.format) break;
      const checks = definition.checks ?? [];
      if (checks.length === 0)
        return (value) => {
          if (typeof value !== 'number' || !Number.isFinite(value)) throw mismatch;
          return `${value}`;
        };
      const [check] = checks;
      if (
        checks.length === 1 &&
        check!._zod.def.check === 'number_format' &&
        check!._zod.def.format === 'safeint'
      )
        return (value) => {
          if (!Number.isSafeInteger(value)) throw mismatch;
          return `${value as number}`;
        };
      break;
    }
    case 'boolean':
      if (definition.coerce) break;
      return (value) => {
        if (typeof value !== 'boolean') throw mismatch;
        return value ? 'true' : 'false';
      };
    case 'null':
      return (value) => {
        if (value !== null) throw mismatch;
        return 'null';
      };
    case 'enum':
    case 'literal': {
      const allowed = new Set(
        definition.type === 'enum' ? Object.values(definition.entries ?? {}) : definition.values,
      );
      if ([...allowed].some((value) => typeof value !== 'string' && typeof value !== 'number'))
        break;
      return (value) => {
        if (!allowed.has(value)) throw mismatch;
        return typeof value === 'string' ? quote(value) : `${value as number}`;
      };
    }
    case 'nullable': {
      const writeInner = compileWriter(definition.innerType!);
      const write: JsonWriter = (value) => (value === null ? 'null' : writeInner(value));
      if (mayWriteNothing.has(writeInner)) mayWriteNothing.add(write);
      return write;
    }
    case 'object':
      if (hasChecks(definition) || definition.catchall) break;
      return compileObjectWriter(definition.shape!) ?? writeWithZod(schema);
    case 'array': {
      if (hasChecks(definition)) break;
      const writeElement = compileWriter(definition.element!);
      return (value) => {
        if (!Array.isArray(value)) throw mismatch;
        let json = '[';
        for (let index = 0; index < value.length; index += 1) {
          if (index > 0) json += ',';
          json += writeElement(value[index]) ?? 'null';
        }
        return `${json}]`;
      };
    }
    case 'record':
      return compileRecordWriter(definition) ?? writeWithZod(schema);
  }
  return writeWithZod(schema);
}

function compileObjectWriter(shape: Record<string, $ZodType>): JsonWriter | null {
  const keys = Object.keys(shape);
  // JSON.stringify writes integer-like keys first, whatever the schema's order: left to zod.
  if (keys.some((key) => isArrayIndex(key) || key === '__proto__')) return null;
  const fields = keys.map((key, index) => {
    const definition = definitionOf(shape[key]!);
    const isOptional = definition.type === 'optional';
    const write = compileWriter(isOptional ? definition.innerType! : shape[key]!);
    return {
      key,
      prefix: `${index === 0 ? '{' : ','}${JSON.stringify(key)}:`,
      bareKey: `${JSON.stringify(key)}:`,
      isOptional,
      // Only an optional field, or a part zod writes, can be left out.
      canBeLeftOut: isOptional || mayWriteNothing.has(write),
      write,
    };
  });
  if (fields.length === 0)
    return (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw mismatch;
      return '{}';
    };
  if (!fields.some((field) => field.canBeLeftOut)) {
    // Every field is written: the separators are known in advance.
    return (value) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw mismatch;
      const object = value as Record<string, unknown>;
      let json = '';
      for (const field of fields) json += field.prefix + field.write(object[field.key])!;
      return `${json}}`;
    };
  }
  return (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw mismatch;
    const object = value as Record<string, unknown>;
    let json = '{';
    let isFirst = true;
    for (const field of fields) {
      const fieldValue = object[field.key];
      if (fieldValue === undefined && field.isOptional) continue;
      const written = field.write(fieldValue);
      if (written === undefined) continue;
      json += isFirst ? field.bareKey : `,${field.bareKey}`;
      json += written;
      isFirst = false;
    }
    return `${json}}`;
  };
}

/** Records keyed by strings or by an enum of strings; anything fancier is left to zod. */
function compileRecordWriter(definition: Definition): JsonWriter | null {
  if (hasChecks(definition) || definition.mode === 'loose') return null;
  const keyDefinition = definitionOf(definition.keyType!);
  let allowedKeys: Set<unknown> | null = null;
  if (keyDefinition.type === 'enum') {
    allowedKeys = new Set(Object.values(keyDefinition.entries ?? {}));
    if ([...allowedKeys].some((key) => typeof key !== 'string' || isArrayIndex(key))) return null;
  } else if (
    keyDefinition.type !== 'string' ||
    hasChecks(keyDefinition) ||
    keyDefinition.format ||
    keyDefinition.coerce
  ) {
    return null;
  }
  const writeValue = compileWriter(definition.valueType!);
  const isExhaustive = allowedKeys !== null && !definition.partial;
  const enumKeys = allowedKeys ? ([...allowedKeys] as string[]) : [];
  return (value) => {
    const prototype =
      typeof value === 'object' && value !== null ? Object.getPrototypeOf(value) : undefined;
    if (prototype !== Object.prototype && prototype !== null) throw mismatch;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    // Symbol or non-enumerable keys, or keys JSON.stringify would reorder: left to zod.
    if (Reflect.ownKeys(record).length !== keys.length) throw mismatch;
    for (const key of keys)
      if (key === '__proto__' || isArrayIndex(key) || (allowedKeys && !allowedKeys.has(key)))
        throw mismatch;
    let json = '{';
    let isFirst = true;
    // An exhaustive enum record is written in the enum's order, any other in the object's.
    for (const key of isExhaustive ? enumKeys : keys) {
      const written = writeValue(record[key]);
      if (written === undefined) continue;
      json += `${isFirst ? '' : ','}${quote(key)}:${written}`;
      isFirst = false;
    }
    return `${json}}`;
  };
}
