import { type RuntimeConfig, runtimeConfigPath } from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export function runtimeConfigOf(config: Config): RuntimeConfig {
  return {
    apiUrl: config.apiUrl ?? '',
    mode: 'standalone',
    analytics: config.analytics ?? null,
    routeRules: config.routeRules,
    passwordMinLength: config.password.minLength,
  };
}

/** Origins the pages may call besides their own: the API and the analytics endpoint, when configured. */
export function connectSources(config: Config): string[] {
  return [config.apiUrl, config.analytics ? new URL(config.analytics.serverUrl).origin : undefined].filter(
    (origin): origin is string => origin !== undefined,
  );
}

/** The web app's run-time settings, as a script every page loads before the app. */
export function runtimeConfigRoutes(app: FastifyInstance, config: Config): void {
  const body = `window.__GATEHOUSE__=${JSON.stringify(runtimeConfigOf(config)).replace(/</g, '\\u003c')};\n`;
  app.get(runtimeConfigPath, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(body),
  );
}
