import {
  accountOverview,
  api,
  cancelEmailChangeRequest,
  changeEmailRequest,
  changePasswordRequest,
  confirmEmailChangeRequest,
  connectedAppView,
  consentsRequest,
  consentsView,
  deleteAccountRequest,
  emailChangeCancelled,
  twoFactorPrompt,
} from '@gatehouse/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { empty, replies } from '../../http/route-schemas.ts';
import { answerStarted, authOf, callerOf, clearSessionCookie, requireSession, signedIn } from '../../http/session.ts';
import { iso } from '../../lib/clock.ts';
import { listConnectedApps, signOutOfApp } from '../oidc/connected-apps.service.ts';
import { changeConsents, consentsOf } from './consents.service.ts';
import { deleteAccount, exportAccountData, sendDeletionCode } from './deletion.service.ts';
import {
  accountOverviewOf,
  confirmEmailChangeByCode,
  confirmEmailChangeByLink,
  requestEmailChange,
  resendEmailChange,
  withdrawEmailChange,
} from './email-change.service.ts';
import { cancelEmailChange } from './email-change-cancel.service.ts';
import { changePassword } from './password-change.service.ts';
import { endOtherSessions } from './sessions.service.ts';
import { panelKeyHeader } from './settings-access.ts';

/**
 * The account settings calls. Each one checks the session on the server; from a hosting panel's
 * page each also needs the installation's apiKey in X-API-KEY (decision 017).
 */
export function settingsRoutes(app: FastifyInstance, deps: Deps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];
  const headers = panelKeyHeader;

  r.get(
    api.account,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'What the settings show besides the account: password set, pending e-mail change',
        response: replies(accountOverview),
      },
    },
    async (request) => ({ data: await accountOverviewOf(deps, authOf(request).account) }),
  );

  r.get(
    api.accountConsents,
    {
      ...signedIn,
      schema: { tags, headers, summary: 'Each consent with when it was given, and the consent ledger', response: replies(consentsView) },
    },
    async (request) => ({ data: await consentsOf(deps, authOf(request).account.id) }),
  );

  r.put(
    api.accountConsents,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'Give or revoke marketing (`consent`) and analytics consent; each change is appended to the ledger',
        body: consentsRequest,
        response: replies(consentsView),
      },
    },
    async (request) => ({ data: await changeConsents(deps, authOf(request).account, request.body, callerOf(request)) }),
  );

  r.post(
    api.accountPassword,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'Change the password with the current one; ends every other session and outstanding link or code, mails a notice',
        body: changePasswordRequest,
        response: replies(z.union([twoFactorPrompt, empty])),
      },
    },
    async (request, reply) => {
      const started = await changePassword(deps, authOf(request), request.body, callerOf(request));
      return { data: answerStarted(reply, deps.config, started, () => ({}), request.panelOrigin) };
    },
  );

  r.post(
    api.accountEmail,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary:
          'Start an e-mail change (password required): a link (a code from a hosting panel) to the new address, a notice to the old one; same answer for a taken address',
        body: changeEmailRequest,
        response: replies(z.object({ pendingEmail: z.string() })),
      },
    },
    async (request) => ({ data: await requestEmailChange(deps, authOf(request), request.body, callerOf(request)) }),
  );

  r.post(
    api.accountEmailResend,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary:
          "Send the pending e-mail change's link (a code from a hosting panel) again, to the address chosen; the earlier one stops working",
        response: replies(z.object({ pendingEmail: z.string() })),
      },
    },
    async (request) => ({ data: await resendEmailChange(deps, authOf(request).account, callerOf(request)) }),
  );

  r.post(
    api.accountEmailWithdraw,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'Withdraw the pending e-mail change: its link or code stops working, the address stays as it is',
        response: replies(empty),
      },
    },
    async (request) => {
      await withdrawEmailChange(deps, authOf(request).account, callerOf(request));
      return { data: {} };
    },
  );

  r.post(
    api.accountEmailConfirm,
    {
      schema: {
        tags,
        summary: "Confirm the new address: the mailed link's token (no session needed), or its code (signed in, from a hosting panel)",
        body: confirmEmailChangeRequest,
        response: replies(z.object({ email: z.string() })),
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if ('token' in request.body) return { data: { email: (await confirmEmailChangeByLink(deps, request.body.token, caller)).email } };
      await requireSession(deps)(request);
      const account = await confirmEmailChangeByCode(deps, authOf(request).account, request.body.code, caller);
      return { data: { email: account.email } };
    },
  );

  r.post(
    api.accountEmailCancel,
    {
      schema: {
        tags,
        summary: '"This was not me" from the old address\'s notice: stops (or undoes) the change and ends every session',
        body: cancelEmailChangeRequest,
        response: replies(emailChangeCancelled),
      },
    },
    async (request) => ({ data: { removed: await cancelEmailChange(deps, request.body.token, callerOf(request)) } }),
  );

  r.post(
    api.sessionsEndOthers,
    {
      ...signedIn,
      schema: {
        tags: ['sessions'],
        headers,
        summary: 'End every session but this one',
        response: replies(z.object({ ended: z.number() })),
      },
    },
    async (request) => ({ data: await endOtherSessions(deps, authOf(request).session, callerOf(request)) }),
  );

  r.get(
    api.connectedApps,
    {
      ...signedIn,
      schema: {
        tags: ['sessions'],
        headers,
        summary: 'The apps this account signed in to through Gatehouse: name, first sign-in, last use',
        response: replies(z.array(connectedAppView)),
      },
    },
    async (request) => ({ data: await listConnectedApps(deps, authOf(request).account.id) }),
  );

  r.delete(
    api.connectedApp,
    {
      ...signedIn,
      schema: {
        tags: ['sessions'],
        headers,
        summary: "Sign out of one app: ends this account's codes and tokens there and sends the app a back-channel logout",
        params: z.object({ id: z.string().max(64) }),
        response: replies(empty),
      },
    },
    async (request) => {
      await signOutOfApp(deps, authOf(request).account.id, request.params.id, callerOf(request));
      return { data: {} };
    },
  );

  r.get(
    api.accountExport,
    { ...signedIn, schema: { tags, headers, summary: 'Download my data: everything stored about the account, as a JSON file' } },
    async (request, reply) => {
      const data = await exportAccountData(deps, authOf(request).account, callerOf(request));
      const day = iso(deps.clock.now()).slice(0, 10);
      reply.header('content-disposition', `attachment; filename="account-data-${day}.json"`);
      reply.type('application/json; charset=utf-8');
      return JSON.stringify({ data }, null, 2);
    },
  );

  r.post(
    api.accountDeletionCode,
    {
      ...signedIn,
      schema: { tags, headers, summary: 'Mail a code that confirms deleting an account without a password', response: replies(empty) },
    },
    async (request) => {
      await sendDeletionCode(deps, authOf(request).account, callerOf(request));
      return { data: {} };
    },
  );

  r.post(
    api.accountDelete,
    {
      ...signedIn,
      schema: {
        tags,
        headers,
        summary: 'Delete the account for good (password, or the mailed code without one); signs out and mails a goodbye',
        body: deleteAccountRequest,
        response: replies(empty),
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, authOf(request), request.body, callerOf(request));
      clearSessionCookie(reply, deps.config, request.panelOrigin);
      return { data: {} };
    },
  );
}
