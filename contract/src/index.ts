export * from './email.ts';
export * from './error-detection.ts';
export * from './errors.ts';
export * from './format.ts';
export * from './languages.ts';
export * from './messages/index.ts';
export * from './one-time-code.ts';
export * from './password.ts';
export * from './plans.ts';
export * from './routes.ts';
export * from './runtime-config.ts';
export * from './safe-url.ts';
export * from './schemas.ts';
export * from './screens.ts';
// Account settings
export * from './settings.ts';
// Teams
export * from './teams.ts';
export * from './validation.ts';
