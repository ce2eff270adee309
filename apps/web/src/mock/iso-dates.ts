/** A row's columns with each Date as the ISO string a JSON store (mock mode's) keeps. */
export type IsoDates<Row> = { [K in keyof Row]: IsoOf<Row[K]> };
/** One column's type with Date as string (distributes over a union: Date | null reads string | null). */
type IsoOf<Value> = Value extends Date ? string : Value;

/**
 * The rules write Dates (the API's driver stores them as they are); mock mode's store is JSON, so it keeps
 * the same columns with every Date as its ISO string, converted here once instead of column by column.
 */
export function isoDates<Row extends object>(row: Row): IsoDates<Row> {
  const entries = Object.entries(row).map(([key, value]) => [
    key,
    value instanceof Date ? value.toISOString() : value,
  ]);
  return Object.fromEntries(entries) as IsoDates<Row>;
}
