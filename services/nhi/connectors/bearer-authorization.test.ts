import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { bearerAuthorization } from './bearer-authorization.js';

const entry = (value: string) => ({ reference: 'provider-entry', value });

describe('bearer credentials entries', () => {
  it('reads a text entry as a bearer token', () => {
    expect(bearerAuthorization(entry('opaque-token-value\n'))).toBe('Bearer opaque-token-value');
  });

  it('reads a JSON entry: its bearerToken, or none for {}', () => {
    expect(bearerAuthorization(entry('{"bearerToken": " t1 "}'))).toBe('Bearer t1');
    expect(bearerAuthorization(entry('{}'))).toBeUndefined();
  });

  it('refuses a JSON entry it cannot use, as a configuration error naming the reference only', () => {
    for (const value of ['{"bearerToken": 7}', '{"bearerToken": ""}', '{not json', 'two words', 'line\r\nX-Injected: 1', '{"bearerToken": "a\\nb"}']) {
      let thrown: unknown;
      try {
        bearerAuthorization(entry(value));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe('configuration_error');
      expect((thrown as AppError).message).toContain('provider-entry');
      expect((thrown as AppError).message).not.toContain(value);
    }
  });
});
