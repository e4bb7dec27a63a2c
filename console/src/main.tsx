import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Layout } from './components/layout.tsx';
import { SessionGate } from './components/session-gate.tsx';
import { I18nProvider } from './i18n/index.tsx';
import { AccountPage } from './pages/account.tsx';
import { AuditPage } from './pages/audit.tsx';
import { LicensesPage } from './pages/licenses.tsx';
import { SearchPage } from './pages/search.tsx';
import { TeamPage } from './pages/team.tsx';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider language="en">
        <BrowserRouter basename="/console">
          <SessionGate>
            <Routes>
              <Route element={<Layout />}>
                <Route index element={<Navigate to="/accounts" replace />} />
                <Route path="accounts" element={<SearchPage />} />
                <Route path="accounts/:id" element={<AccountPage />} />
                <Route path="teams/:id" element={<TeamPage />} />
                <Route path="licenses" element={<LicensesPage />} />
                <Route path="audit" element={<AuditPage />} />
                <Route path="*" element={<Navigate to="/accounts" replace />} />
              </Route>
            </Routes>
          </SessionGate>
        </BrowserRouter>
      </I18nProvider>
    </StrictMode>,
  );
}
