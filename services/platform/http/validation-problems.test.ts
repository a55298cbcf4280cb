import { describe, expect, it } from 'vitest';
import { describeProblem } from './validation-problems.js';

const problem = (fields: Record<string, unknown>) => describeProblem({ keyword: 'type', instancePath: '', schemaPath: '#', params: {}, ...fields } as Parameters<typeof describeProblem>[0]);

describe('describeProblem', () => {
  it('names an unknown property', () => {
    expect(problem({ keyword: 'additionalProperties', instancePath: '/requestBody/rules/0', params: { additionalProperty: 'negate' } })).toBe('/requestBody/rules/0 has an unknown property "negate"');
  });

  it('lists the allowed values and echoes a short value sent in the body, query or path', () => {
    expect(problem({ keyword: 'enum', instancePath: '/requestBody/rules/0/effect', params: { allowedValues: ['block', 'warn'] }, data: 'deny' })).toBe(
      '/requestBody/rules/0/effect must be one of block, warn, not "deny"',
    );
    expect(problem({ keyword: 'enum', instancePath: '/query/order', params: { allowedValues: ['severity', 'recent'] }, data: 'x'.repeat(200) })).toBe('/query/order must be one of severity, recent');
  });

  it('never echoes a header value', () => {
    expect(problem({ keyword: 'enum', instancePath: '/header/x-mode', params: { allowedValues: ['a'] }, data: 'Bearer secret' })).toBe('/header/x-mode must be one of a');
  });

  it("names a discriminator's accepted values, read from its branches", () => {
    const parentSchema = { oneOf: [{ properties: { field: { enum: ['kind'] } } }, { properties: { field: { const: 'cvss' } } }] };
    expect(problem({ keyword: 'discriminator', instancePath: '/requestBody/when/0', params: { error: 'mapping', tag: 'field' }, data: { field: 'epss' }, parentSchema })).toBe(
      '/requestBody/when/0/field must be one of kind, cvss, not "epss"',
    );
    expect(problem({ keyword: 'discriminator', instancePath: '/requestBody/when/0', params: { error: 'tag', tag: 'field' }, data: { field: 3 }, parentSchema })).toBe('/requestBody/when/0/field must be a string');
  });

  it("keeps ajv's message for everything else", () => {
    expect(problem({ keyword: 'maximum', instancePath: '/requestBody/value', message: 'must be <= 10' })).toBe('/requestBody/value must be <= 10');
    expect(problem({ keyword: 'required', message: "must have required property 'name'" })).toBe("request must have required property 'name'");
  });
});
