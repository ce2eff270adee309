import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, type ErrorEntry } from '../http/api-error.js';

const NUL = '\u0000';

/**
 * The fields of a request part (query, params, JSON body) whose text holds a NUL character, with their
 * dotted path. Walked with a stack, not recursion: a body may nest thousands of levels deep.
 */
export function fieldsWithNul(value: unknown, root: string): string[] {
  const found: string[] = [];
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0) {
    const [current, path] = pending.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes(NUL)) found.push(path);
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, child] of Object.entries(current)) {
        if (key.includes(NUL)) found.push(path);
        pending.push([child, path ? `${path}.${key}` : key]);
      }
    }
  }
  return found;
}

/**
 * PostgreSQL cannot store or compare text with a NUL character (invalid byte sequence 0x00): such a value
 * in the query (a list's search), the path or a JSON body is refused here, at the boundary, as a field
 * error (400 INVALID_FIELD), instead of failing in the database as a 500. Found by the routes fuzz.
 */
export const nulCharactersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request: FastifyRequest) => refuseNulCharacters(request));
});

/** A request whose params, query or JSON body holds a NUL character answers 400, one entry per field. */
export function refuseNulCharacters(
  request: Pick<FastifyRequest, 'params' | 'query' | 'body' | 'isMultipart'>,
): void {
  const fields = [
    ...fieldsWithNul(request.params, ''),
    ...fieldsWithNul(request.query, ''),
    ...(request.isMultipart() ? [] : fieldsWithNul(request.body, '')),
  ];
  if (fields.length === 0) return;
  const entries: ErrorEntry[] = fields.map((field) => ({
    code: 'INVALID_FIELD',
    field,
    message: 'Text cannot hold a NUL character',
  }));
  throw new ApiError(400, 'INVALID_FIELD', 'Text cannot hold a NUL character', entries);
}
