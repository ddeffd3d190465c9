import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it('knows a database out of reach, however deep the driver wrapped it', () => {
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', '08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const driver = new Error('Connection terminated unexpectedly');
    expect(isDatabaseUnavailable(new Error('Failed query: begin', { cause: driver }))).toBe(true);
  });

  it('leaves every other failure a fault of the shop', () => {
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
