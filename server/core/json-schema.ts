import type * as t from 'io-ts';

type Schema = Record<string, unknown>;
type Tagged = t.Any & {
  _tag?: string;
  props?: Record<string, t.Any>;
  types?: t.Any[];
  type?: t.Any;
  value?: unknown;
  keys?: Record<string, unknown>;
  base?: t.Any;
  rule?: string;
  constraints?: Schema;
  jsonSchema?: Schema;
};

/** Describes an io-ts codec as JSON Schema, so the OpenAPI document comes from the codecs that serve requests. */
export function toJsonSchema(codec: t.Any): Schema {
  const c = codec as Tagged;
  if (c.jsonSchema) return c.jsonSchema;
  if (c.base)
    return { ...toJsonSchema(c.base), ...(c.name.includes('Date') ? { format: 'date' } : {}), ...(c.constraints ?? {}), description: c.rule ?? c.name };
  switch (c._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'UnknownType':
    case 'AnyType':
      return {};
    case 'LiteralType':
      return { enum: [c.value] };
    case 'KeyofType':
      return { type: 'string', enum: Object.keys(c.keys ?? {}) };
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: toJsonSchema(c.type!) };
    case 'InterfaceType':
    case 'StrictType':
      return objectSchema(c.props!, true);
    case 'PartialType':
      return objectSchema(c.props!, false);
    case 'ExactType':
    case 'ReadonlyType':
      return toJsonSchema(c.type!);
    case 'RefinementType':
      return { ...toJsonSchema(c.type!), description: c.name };
    case 'IntersectionType':
      return { allOf: c.types!.map(toJsonSchema) };
    case 'UnionType': {
      const members = c.types!.map(toJsonSchema);
      if (members.every((m) => Array.isArray(m.enum))) return { enum: members.flatMap((m) => m.enum as unknown[]) };
      return { anyOf: members };
    }
    case 'DictionaryType':
      return { type: 'object', additionalProperties: toJsonSchema((codec as unknown as { codomain: t.Any }).codomain) };
    default:
      return { description: c.name };
  }
}

const objectSchema = (props: Record<string, t.Any>, required: boolean): Schema => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(props).map(([k, v]) => [k, toJsonSchema(v)])),
  ...(required ? { required: Object.keys(props) } : {}),
});
