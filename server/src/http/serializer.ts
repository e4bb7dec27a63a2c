import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Schema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

/**
 * The JSON Schema of a zod response schema, when JSON Schema can say everything zod would do
 * on the way out: nothing unrepresentable (dates, transforms), and the same shape read as input
 * and as output (no codec, default or pipe that would change a value while encoding).
 */
export function jsonSchemaOf(schema: z.ZodType): object | undefined {
  try {
    const output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' });
    const input = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', target: 'draft-7' });
    // Read as output, objects are closed (additionalProperties: false): that alone is no difference.
    const shape = (value: object) => JSON.stringify(value, (key, v) => (key === 'additionalProperties' && v === false ? undefined : v));
    return shape(output) === shape(input) ? output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every response body is written by a serializer compiled once per route and status from its
 * zod schema (fast-json-stringify, Fastify's own), instead of a zod parse and JSON.stringify on
 * each answer. It writes the declared properties only, as zod's parse did, so nothing
 * undeclared ever leaves (a password hash on an account row, say). A schema JSON Schema cannot
 * express keeps zod's own serializer. Routes need nothing: this is the app's serializer compiler.
 */
export const serializerCompiler: FastifySerializerCompiler<Schema> = (route) => {
  const schema = route.schema;
  const json = schema instanceof z.ZodType ? jsonSchemaOf(schema) : undefined;
  if (!json) return zodSerializerCompiler(route);
  const stringify = fastJson(json);
  return (data: unknown) => stringify(data);
};
