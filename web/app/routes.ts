import { screenTable, settingsSections } from '@gatehouse/contract/browser';
import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

const { index: home, settings, settingsSection, ...screens } = screenTable;

// Every screen of the contract's table, with an optional language prefix (/de/login); the screen
// checks it is one of ours. The settings hold a page per section.
export default [
  layout('layouts/screen.tsx', [
    index(`routes/${home.module}`, { id: 'home' }),
    route(':lang/', `routes/${home.module}`, { id: 'home-localized' }),
    ...Object.values(screens).map((screen) => route(`:lang?${screen.path}`, `routes/${screen.module}`)),
    route(`:lang?${settings.path}`, `routes/${settings.module}`, [
      index('routes/settings/index.tsx'),
      ...settingsSections.map((section) => route(section, `routes/${settingsSection.module.replace(':section', section)}`)),
    ]),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
