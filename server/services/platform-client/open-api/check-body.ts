import type { OpenField } from '../../../../src/contracts/platform-client/open-api.js';

/**
 * Checks a parsed JSON body against a route's declared fields (the same declarations the API
 * page shows): the first problem as `<field>: <what is wrong>`, or undefined when it holds.
 * Unknown fields are refused too, so a misspelt optional field is not silently ignored.
 */
export function bodyProblem(fields: readonly OpenField[], body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'body: must be a JSON object';
  const record = body as Record<string, unknown>;
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(record)) if (!known.has(name)) return `${name}: unknown field`;
  for (const field of fields) {
    const value = record[field.name];
    if (value === undefined || value === null) {
      if (field.required) return `${field.name}: required`;
      continue;
    }
    const problem = valueProblem(field, value);
    if (problem) return `${field.name}: ${problem}`;
  }
  return undefined;
}

function valueProblem(field: OpenField, value: unknown): string | undefined {
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return 'must be a string';
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return `at most ${field.maxLength} characters`;
      if (field.pattern && !field.pattern.test(value)) return 'has the wrong format';
      return undefined;
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
      if (field.min !== undefined && value < field.min) return `at least ${field.min}`;
      if (field.max !== undefined && value > field.max) return `at most ${field.max}`;
      return undefined;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'must be true or false';
    default:
      return undefined;
  }
}
