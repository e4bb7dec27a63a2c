// The contract as the browser imports it (`@gatehouse/contract/browser`): every module that does
// not import zod, and only the types of those that do. A value of a schema module, even a
// constant, keeps that module's top-level `z.object(…)` calls, and zod's core with them (about
// 25 KB gzip); the English error catalogue and the other languages' messages stay out too, as
// the browser loads them when first needed (web/app/lib/i18n.tsx). Decisions 007, 023 and 053;
// contract/test/browser-entry.test.ts keeps it so.
export type * from './admin.ts';
export * from './email.ts';
export * from './error-detection.ts';
export type * from './errors.ts';
export * from './format.ts';
export * from './languages.ts';
export * from './names.ts';
export * from './one-time-code.ts';
export * from './operators.ts';
export type * from './passkeys.ts';
export * from './password.ts';
export * from './plans.ts';
export * from './routes.ts';
export * from './runtime-config.ts';
export * from './safe-url.ts';
export type * from './schemas.ts';
export * from './screens.ts';
export type * from './settings.ts';
export * from './settings-sections.ts';
export * from './sso-providers.ts';
export * from './team-limits.ts';
export type * from './teams.ts';
export type * from './ways-in.ts';
