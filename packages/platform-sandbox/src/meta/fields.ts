import { MetaApiError } from './errors';

/** One entry of Graph's `fields` syntax, e.g. `instagram_business_account{id,username}`. */
export type FieldSpec = { name: string; children: FieldSpec[] | null };

export function parseFields(text: string | undefined): FieldSpec[] | null {
  if (!text) return null;
  let position = 0;
  const parseList = (): FieldSpec[] => {
    const out: FieldSpec[] = [];
    while (position < text.length && text[position] !== '}') {
      let name = '';
      while (position < text.length && !',{}'.includes(text[position] ?? '')) {
        name += text[position];
        position += 1;
      }
      let children: FieldSpec[] | null = null;
      if (text[position] === '{') {
        position += 1;
        children = parseList();
        if (text[position] !== '}')
          throw new MetaApiError({
            message: `(#100) Syntax error "Expected "}" instead of end of string." at character ${position}: ${text}`,
            code: 100,
          });
        position += 1;
      }
      // Modifiers such as `.limit(5)` or `.as(alias)` are accepted and ignored.
      const trimmed = name.trim().replace(/\..*$/, '');
      if (trimmed) out.push({ name: trimmed, children });
      if (text[position] === ',') position += 1;
    }
    return out;
  };
  return parseList();
}

/**
 * Serialises a node: `readers` maps each field to its value. Unknown fields fail the request the way
 * Graph does. Nested specs are passed to the reader (for edges like instagram_business_account).
 */
export function pickFields(
  nodeType: string,
  fields: FieldSpec[],
  readers: Record<string, (children: FieldSpec[] | null) => unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const read = readers[field.name];
    if (!read) {
      throw new MetaApiError({
        message: `(#100) Tried accessing nonexisting field (${field.name}) on node type (${nodeType})`,
        code: 100,
      });
    }
    const value = read(field.children);
    if (value !== undefined) out[field.name] = value;
  }
  // Graph always returns the node id, after the requested fields.
  if (readers.id && out.id === undefined) out.id = readers.id(null);
  return out;
}

export function defaultFields(names: string[]): FieldSpec[] {
  return names.map((name) => ({ name, children: null }));
}
