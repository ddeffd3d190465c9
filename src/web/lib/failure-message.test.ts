import { describe, expect, it } from 'vitest';
import { ApiRequestError, failureMessage, OFFLINE_MESSAGE, TIMEOUT_MESSAGE } from './api-client.ts';

describe('failureMessage', () => {
  const options = { fallback: 'Something went wrong', offline: 'Error sending reset link' };

  it('prefers the first field message, then the message the server wrote', () => {
    const withFields = new ApiRequestError(
      400,
      'Invalid input',
      [
        { field: 'email', message: 'Please enter a valid e-mail address.' },
        { field: 'password', message: 'Please enter a password.' },
      ],
      undefined,
      { message: 'Invalid input' },
    );
    expect(failureMessage(withFields, options)).toBe('Please enter a valid e-mail address.');
    expect(failureMessage(new ApiRequestError(409, 'Taken', [], undefined, { message: 'Taken' }), options)).toBe(
      'Taken',
    );
  });

  it('falls back when the server wrote no message, and says so differently when it could not be reached', () => {
    expect(failureMessage(new ApiRequestError(502, 'Request failed (502 Bad Gateway).'), options)).toBe(
      'Something went wrong',
    );
    expect(failureMessage(new ApiRequestError(0, OFFLINE_MESSAGE), options)).toBe('Error sending reset link');
    expect(failureMessage(new ApiRequestError(0, TIMEOUT_MESSAGE), { fallback: 'Login failed' })).toBe('Login failed');
    expect(failureMessage(new TypeError('x is undefined'), options)).toBe('Something went wrong');
  });
});
