import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { authorizationHeader } from './tool-server-client.js';

const entry = (value: string) => ({ reference: 'mcp-entry', value });

describe('tool-server credentials', () => {
  it('reads a text entry as a bearer token', () => {
    expect(authorizationHeader(entry('opaque-token-value\n'))).toBe('Bearer opaque-token-value');
  });

  it('reads a JSON entry: its bearerToken, or none for {}', () => {
    expect(authorizationHeader(entry('{"bearerToken": " t1 "}'))).toBe('Bearer t1');
    expect(authorizationHeader(entry('{}'))).toBeUndefined();
  });

  it('refuses a JSON entry it cannot use, as a configuration error naming the reference only', () => {
    for (const value of ['{"bearerToken": 7}', '{"bearerToken": ""}', '{not json', 'two words', 'line\r\nX-Injected: 1', '{"bearerToken": "a\\nb"}']) {
      let thrown: unknown;
      try {
        authorizationHeader(entry(value));
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect((thrown as AppError).code).toBe('configuration_error');
      expect((thrown as AppError).message).toContain('mcp-entry');
      expect((thrown as AppError).message).not.toContain(value);
    }
  });
});
