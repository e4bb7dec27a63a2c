import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Every screen takes an optional language prefix (/de/login); the screen checks it is one of ours.
export default [
  layout('layouts/screen.tsx', [
    index('routes/home.tsx', { id: 'home' }),
    route(':lang/', 'routes/home.tsx', { id: 'home-localized' }),
    route(':lang?/login', 'routes/login.tsx'),
    route(':lang?/signup', 'routes/signup.tsx'),
    route(':lang?/signup-process', 'routes/signup-process.tsx'),
    route(':lang?/activate-email', 'routes/activate-email.tsx'),
    route(':lang?/reset-password', 'routes/reset-password.tsx'),
    route(':lang?/reset', 'routes/reset.tsx'),
    route(':lang?/redeem/:license', 'routes/redeem.tsx'),
    // Account settings
    route(':lang?/settings', 'routes/settings/layout.tsx', [
      index('routes/settings/index.tsx'),
      route('profile', 'routes/settings/profile.tsx'),
      route('consents', 'routes/settings/consents.tsx'),
      route('password', 'routes/settings/password.tsx'),
      route('email', 'routes/settings/email.tsx'),
      route('sessions', 'routes/settings/sessions.tsx'),
      route('delete', 'routes/settings/delete.tsx'),
    ]),
    route(':lang?/email-change', 'routes/email-change.tsx'),
    route(':lang?/email-change/cancel', 'routes/email-change-cancel.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
