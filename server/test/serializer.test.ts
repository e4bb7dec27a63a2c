import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountView, licenseView, sessionResponse } from '@gatehouse/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponse, replies } from '../src/http/route-schemas.ts';
import { jsonSchemaOf, serializerCompiler } from '../src/http/serializer.ts';

const compile = (schema: z.ZodType, compiler = serializerCompiler) =>
  compiler({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as (data: unknown) => string;

describe('the response serializer compiled from zod schemas', () => {
  const account = {
    id: 'acc_1',
    email: 'ada@example.com',
    firstName: 'Ada',
    familyName: null,
    locale: 'en',
    emailVerified: true,
    consent: true,
    analyticsConsent: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('writes what zod’s own serializer writes, for the API’s answers', () => {
    const shapes = accountView.safeParse(account);
    assert.ok(shapes.success, 'the sample is an account view');
    const samples: [z.ZodType, unknown][] = [
      [replies(accountView)[200], { data: shapes.data }],
      [replies(sessionResponse)[200], { data: null }],
      [errorResponse, { error: 'Invalid email and password', code: 'auth.invalid_credentials' }],
      [errorResponse, { error: 'Check the fields', code: 'validation.failed', fields: { email: 'validation.email' }, requestId: 'r1' }],
      [z.object({ data: z.array(z.object({ n: z.number(), tags: z.array(z.string()) })) }), { data: [{ n: 1, tags: ['a', 'é"\n'] }] }],
      [z.object({ kind: z.enum(['a', 'b']), note: z.string().optional() }), { kind: 'b' }],
    ];
    for (const [schema, data] of samples) {
      assert.deepEqual(JSON.parse(compile(schema)(data)), JSON.parse(compile(schema, zodSerializerCompiler)(data)), JSON.stringify(data));
    }
  });

  it('leaves out every property the schema does not declare, as zod’s parse did', () => {
    const row = { ...account, password_hash: '$argon2id$v=19$secret', token: 'session-token' };
    const written = compile(replies(accountView)[200])({ data: row });
    assert.doesNotMatch(written, /argon2id|password_hash|session-token/);
    assert.equal(JSON.parse(written).data.email, 'ada@example.com');
  });

  it('refuses an answer missing a required field instead of sending it', () => {
    const { id: _, ...partial } = account;
    assert.throws(() => compile(replies(accountView)[200])({ data: partial }));
  });

  it('keeps zod’s serializer where JSON Schema cannot say what zod does (transforms, defaults, dates)', () => {
    const transformed = z.object({ at: z.date().transform((d) => d.getTime()) });
    const defaulted = z.object({ n: z.number().default(7) });
    assert.throws(() => compile(transformed)({ at: new Date() }), 'zod refuses to encode a transform, as before');
    assert.equal(compile(defaulted)({ n: 3 }), '{"n":3}');
    assert.equal(compile(z.object({ at: z.date() }))({ at: new Date(0) }), '{"at":"1970-01-01T00:00:00.000Z"}');
  });

  it('compiles the contract’s response schemas to the fast path (their JSON Schema says it all)', () => {
    for (const schema of [replies(accountView)[200], replies(licenseView)[200], replies(sessionResponse)[200], errorResponse]) {
      assert.ok(jsonSchemaOf(schema), schema.description ?? JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' })));
    }
    assert.equal(jsonSchemaOf(z.object({ n: z.number().default(7) })), undefined);
  });
});
