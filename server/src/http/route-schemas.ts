import { z } from 'zod';

export const errorResponse = z
  .object({
    error: z.string(),
    code: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .describe('A failure: the English message, its code, and per-field codes for validation errors');

/** Response schemas of a call answering `{data}`: documents it and checks what we send. */
export function replies<T extends z.ZodType>(data: T) {
  return { 200: z.object({ data }), '4xx': errorResponse, '5xx': errorResponse };
}

export const emailEcho = z.object({ email: z.string() });
export const empty = z.object({});
