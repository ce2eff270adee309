import { describe, expect, it } from 'vitest';
import { isServiceUnavailable } from './service-unavailable.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isServiceUnavailable', () => {
  it.each([
    ['nothing listens on the database port', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['the server reset the connection', withCode('ECONNRESET')],
    ['pg_ctl stop -m fast ended the session (57P01)', withCode('57P01', 'terminating connection')],
    [
      'the server is shutting down or starting (57P03)',
      withCode('57P03', 'the database system is starting up'),
    ],
    ['a connection exception (class 08)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['pg lost the connection mid-query', new Error('Connection terminated unexpectedly')],
    ['pg-pool waited too long for a connection', new Error('timeout exceeded when trying to connect')],
    [
      'pg-pool wraps a connect timeout',
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
    ],
    ['the Azure SDK could not send its request', withCode('REQUEST_SEND_ERROR')],
    [
      'Node tried every address of a host name',
      Object.assign(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''), {}),
    ],
    [
      'a wrapper whose cause is a refused connection',
      new Error('Migration failed', { cause: withCode('ECONNREFUSED') }),
    ],
  ])('%s: unavailable', (_case, error) => {
    expect(isServiceUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error in a query', withCode('42601')],
    ['a serialization failure (retry, not an outage)', withCode('40001')],
    ['a query cancelled by statement_timeout (57014)', withCode('57014')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a code that only starts like class 08', withCode('08')],
    [
      'a client that closed its pool on purpose',
      new Error('Cannot use a pool after calling end on the pool'),
    ],
    ['not an error at all', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: not unavailable', (_case, error) => {
    expect(isServiceUnavailable(error)).toBe(false);
  });

  it('does not loop on an error that is its own cause', () => {
    const error: Error & { cause?: unknown } = new Error('odd');
    error.cause = error;
    expect(isServiceUnavailable(error)).toBe(false);
  });
});
