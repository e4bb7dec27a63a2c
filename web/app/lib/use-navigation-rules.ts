import { isExternalTarget, matchRouteRule } from '@gatehouse/contract/browser';
import { useEffect } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { isStale } from './platform.ts';
import { runtimeConfig } from './runtime-config.ts';

/**
 * In-app navigations that must not stay in the app: after a deploy (a full load gets the new
 * build), and to a path the operator redirects (an external target loads fully, an internal
 * one navigates in-app).
 */
export function useNavigationRules(): void {
  const navigate = useNavigate();
  const blocker = useBlocker(
    ({ nextLocation }) => isStale() || matchRouteRule(runtimeConfig().routeRules, nextLocation.pathname) !== undefined,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const next = blocker.location;
    const rule = matchRouteRule(runtimeConfig().routeRules, next.pathname);
    blocker.reset();
    if (rule && isExternalTarget(rule.to)) window.location.assign(rule.to);
    else if (isStale()) window.location.assign(rule ? rule.to : `${next.pathname}${next.search}${next.hash}`);
    else if (rule && rule.to !== next.pathname) navigate(`${rule.to}${next.search}`, { replace: true });
  }, [blocker, navigate]);
}
