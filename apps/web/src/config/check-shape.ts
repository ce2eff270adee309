/**
 * A small structural check for JSON read at start-up (environment.json), in place of a schema library: the
 * first page loads no validation library for one check (zod was 18 kB of the entry for it).
 *
 * A shape names each field's kind: 'string', 'string?' (optional), 'boolean', 'string[]', a list of allowed
 * strings, or a nested shape.
 */
export type FieldKind =
  | 'string'
  | 'string?'
  | 'boolean'
  | 'string[]'
  | readonly [string, ...string[]]
  | Shape;

export interface Shape {
  readonly [field: string]: FieldKind;
}

type ValueOf<Kind> = Kind extends 'string' | 'string?'
  ? string
  : Kind extends 'boolean'
    ? boolean
    : Kind extends 'string[]'
      ? string[]
      : Kind extends readonly (infer Allowed)[]
        ? Allowed
        : Kind extends Shape
          ? ShapeValue<Kind>
          : never;

type OptionalFields<S extends Shape> = { [F in keyof S]: S[F] extends 'string?' ? F : never }[keyof S];

/** The value a shape describes. */
export type ShapeValue<S extends Shape> = {
  -readonly [F in Exclude<keyof S, OptionalFields<S>>]: ValueOf<S[F]>;
} & { -readonly [F in OptionalFields<S>]?: ValueOf<S[F]> | undefined };

export type ShapeCheck<S extends Shape> =
  | { success: true; data: ShapeValue<S> }
  | { success: false; invalidFields: string[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` fits `kind`; collects the dotted path of each field that does not. */
function checkField(kind: FieldKind, value: unknown, path: string, invalid: string[]): unknown {
  if (typeof kind === 'object' && !Array.isArray(kind)) {
    return checkObject(kind as Shape, value, path, invalid);
  }
  const fits =
    kind === 'string'
      ? typeof value === 'string'
      : kind === 'string?'
        ? value === undefined || typeof value === 'string'
        : kind === 'boolean'
          ? typeof value === 'boolean'
          : kind === 'string[]'
            ? Array.isArray(value) && value.every((item) => typeof item === 'string')
            : (kind as readonly string[]).includes(value as string);
  if (!fits) invalid.push(path);
  return Array.isArray(value) ? [...value] : value;
}

function checkObject(shape: Shape, value: unknown, path: string, invalid: string[]): Record<string, unknown> {
  if (!isRecord(value)) {
    invalid.push(path);
    return {};
  }
  // Only the described fields are kept, as a schema's parse would: unknown ones are dropped.
  const result: Record<string, unknown> = {};
  for (const [field, kind] of Object.entries(shape)) {
    const checked = checkField(kind, value[field], path ? `${path}.${field}` : field, invalid);
    if (checked !== undefined) result[field] = checked;
  }
  return result;
}

/** Checks `value` against `shape`: the described fields alone, or the paths of those that do not fit. */
export function checkShape<S extends Shape>(shape: S, value: unknown): ShapeCheck<S> {
  const invalidFields: string[] = [];
  const data = checkObject(shape, value, '', invalidFields);
  if (invalidFields.length > 0) return { success: false, invalidFields };
  return { success: true, data: data as ShapeValue<S> };
}
