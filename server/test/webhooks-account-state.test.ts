import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLicenses } from '../src/features/licenses/license.service.ts';
import type { creationMethods } from '../src/features/webhooks/events.ts';
import { createEndpoint } from '../src/features/webhooks/webhook.service.ts';
import { eventually, freshEmail, registerAccount, visitor } from './support/accounts.ts';
import { dialects } from './support/databases.ts';
import type { TestClient } from './support/http-client.ts';
import { panelBrowser, registerFromPanel, registerPanel } from './support/panels.ts';
import { SoftAuthenticator } from './support/passkey-authenticator.ts';
import { type SsoTestApp, ssoRoundTrip, startSsoTestApp } from './support/sso.ts';
import { ownTeam, person, seedInvitation, teamPassword } from './support/teams.ts';
import type { TestApp } from './support/test-app.ts';
import { totpAt } from './support/totp.ts';
import { testChange, WebhookReceiver } from './support/webhook-receiver.ts';

// The events that follow the account's state (decision 056), as the monitoring backend receives
// them: verified by the standardwebhooks package, produced by the real actions through HTTP.

const day = 86_400_000;
const stepMs = 30_000;

for (const dialect of await dialects('persistence')) {
  describe(`webhooks: account.created and entitlements.changed (${dialect})`, () => {
    let s: SsoTestApp;
    let t: TestApp;
    let hash: string;
    let receiver: WebhookReceiver;
    before(async () => {
      s = await startSsoTestApp(dialect);
      t = s.t;
      hash = await t.deps.hasher.hash(teamPassword);
      receiver = new WebhookReceiver();
      await receiver.start();
      const { secret } = await createEndpoint(t.deps, { url: receiver.url }, testChange);
      receiver.useSecrets(secret);
    });
    after(async () => {
      await receiver.stop();
      await s.stop();
    });

    const received = (type: string, accountId: string, count = 1) =>
      eventually(async () => {
        await t.webhooks.flush();
        const found = receiver.of(type, accountId);
        return found.length >= count ? found : undefined;
      }, `${count} ${type} for ${accountId}`);
    /** The account's entitlements as the backend was last told, once `count` changes arrived. */
    const told = async (accountId: string, count: number) => {
      const changes = await received('entitlements.changed', accountId, count);
      await t.webhooks.flush();
      assert.equal(receiver.of('entitlements.changed', accountId).length, count, 'no change more than expected');
      const last = changes[count - 1]?.data;
      return { source: last?.source, plan: last?.plan, teamId: last?.teamId };
    };
    const idOf = async (email: string) =>
      (await t.deps.db.selectFrom('accounts').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const enrol = async (client: TestClient) => {
      const begun = await client.post('/account/two-factor/totp', { currentPassword: teamPassword });
      assert.equal(begun.status, 200, begun.text);
      const secret: string = begun.json.data.secret;
      const confirmed = await client.post('/account/two-factor/totp/confirm', { code: totpAt(secret, t.clock.now()) });
      assert.equal(confirmed.status, 200, confirmed.text);
      t.clock.advance(stepMs);
      return secret;
    };
    const proLicense = async (client: TestClient) => {
      const [key = ''] = await createLicenses(t.deps.db, t.deps.clock, { plan: 'pro', count: 1, kind: 'standalone' });
      assert.equal((await client.post('/license/activate', { license: key })).status, 200);
    };

    it('announces account.created once, whichever way in made the account', async () => {
      // One sign-up per method the event names: a method without one fails the type check. A code
      // sign-up is always asked from a panel's page today, so it announces `panel`.
      const signUps: Record<(typeof creationMethods)[number], (() => Promise<string>) | undefined> = {
        password: async () => (await registerAccount(t, visitor(t), freshEmail('created-pwd'), teamPassword)).id,
        code: undefined,
        panel: async () => {
          const panel = await registerPanel(t);
          const email = freshEmail('created-panel');
          const input = { email, password: teamPassword, apiKey: panel.apiKey, userId: 'u-created' };
          return (await registerFromPanel(t, panelBrowser(t, panel.origin), input)).id;
        },
        sso: async () => {
          const email = freshEmail('created-sso');
          const user = s.google.addUser({ email, emailVerified: true });
          const back = await ssoRoundTrip(visitor(t), s.google, user.login, 'intent=signup&dataProcessingConsent=1');
          assert.equal(back.path, '/signup-process');
          return idOf(email);
        },
        passkey: async () => {
          // From a team invitation: the set-password token comes at once, as in passkeys.test.ts.
          const owner = await person(t, hash, 'created-inviter');
          const email = freshEmail('created-passkey');
          const invitation = await seedInvitation(t, (await ownTeam(owner.client)).id, email);
          const browser = visitor(t);
          const started = await browser.post('/user/signup', { email, dataProcessingConsent: true, invitation: invitation.token });
          const token = started.json.data.token;
          const options = await browser.post('/user/passkey-signup/options', { email, token });
          const response = new SoftAuthenticator().create(options.json.data, new URL(t.url).origin);
          const done = await browser.post('/user/passkey-signup', { email, token, response, consent: true });
          assert.equal(done.status, 200, done.text);
          return done.json.data.id;
        },
      };
      for (const [method, signUp] of Object.entries(signUps)) {
        if (!signUp) continue;
        const id = await signUp();
        const [created] = await received('account.created', id);
        assert.equal(created?.data.method, method, `${method}: ${JSON.stringify(created?.data)}`);
        assert.equal(created?.data.accountId, id);
        assert.equal(receiver.of('account.created', id).length, 1, `${method}: once`);
      }
    });

    it("withholds a team's license from a member without a second factor past the rule's deadline, and gives it back", async () => {
      const owner = await person(t, hash, 'rule-owner');
      const member = await person(t, hash, 'rule-member');
      await proLicense(owner.client);
      const { token } = await seedInvitation(t, owner.teamId, member.email);
      assert.equal((await member.client.post(`/invitations/${token}/accept`)).status, 200);
      const viaTeam = { source: 'team', plan: 'pro', teamId: owner.teamId };
      assert.deepEqual(await told(member.id, 1), viaTeam);
      const ownPro = await told(owner.id, 1);
      await enrol(owner.client);

      // Required with a day's grace: nothing changes before the deadline, the member's plan at it.
      const rule = await owner.client.request('PATCH', '/team', { json: { requireTwoFactor: true, graceDays: 1 } });
      assert.equal(rule.status, 200, rule.text);
      assert.deepEqual(await told(member.id, 1), viaTeam);
      t.clock.advance(day + 2 * 60_000);
      assert.deepEqual(await told(member.id, 2), { source: 'none', plan: null, teamId: null });
      assert.deepEqual(await told(owner.id, 1), ownPro, 'the owner has a second factor: nothing changes for them');

      // The member enrols: the team's license again; turns it off: withheld again.
      const secret = await enrol(member.client);
      assert.deepEqual(await told(member.id, 3), viaTeam);
      const off = await member.client.delete('/account/two-factor', { currentPassword: teamPassword, code: totpAt(secret, t.clock.now()) });
      assert.equal(off.status, 200, off.text);
      assert.deepEqual(await told(member.id, 4), { source: 'none', plan: null, teamId: null });

      // The owner lifts the rule: the member's plan comes back.
      assert.equal((await owner.client.request('PATCH', '/team', { json: { requireTwoFactor: false } })).status, 200);
      assert.deepEqual(await told(member.id, 5), viaTeam);
    });

    it("withholds an owner's own license at once when they require two-factor with no grace and have no factor", async () => {
      const owner = await person(t, hash, 'strict-owner');
      await proLicense(owner.client);
      const own = await told(owner.id, 1);
      assert.equal(own.source, 'own');
      const rule = await owner.client.request('PATCH', '/team', { json: { requireTwoFactor: true, graceDays: 0 } });
      assert.equal(rule.status, 200, rule.text);
      assert.deepEqual(await told(owner.id, 2), { source: 'none', plan: null, teamId: null });
      await enrol(owner.client);
      assert.deepEqual(await told(owner.id, 3), own);
    });
  });
}
