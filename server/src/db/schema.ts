import type { ActorKind, Language, OperatorRole, Plan, SsoProviderName } from '@gatehouse/contract';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OidcTables } from './oidc-schema.ts';

/** What an audit row records (`auth_events.type`). */
export type AuthEventType =
  | 'signup_requested'
  | 'email_verified'
  | 'password_set'
  | 'signin_succeeded'
  | 'signin_failed'
  | 'signout'
  | 'reset_requested'
  | 'password_reset'
  | 'verification_resent'
  | 'license_activated'
  | 'profile_updated'
  | 'sso_signin'
  | 'sso_signup'
  | 'sso_linked'
  | 'sso_unlinked'
  | 'sso_refused'
  | 'password_changed'
  | 'email_change_requested'
  | 'email_change_resent'
  | 'email_change_withdrawn'
  | 'email_changed'
  | 'email_change_cancelled'
  | 'sessions_ended'
  | 'session_ended'
  | 'account_deleted'
  | 'team_invitation_sent'
  | 'team_invitation_revoked'
  | 'team_joined'
  | 'team_member_removed'
  | 'team_left'
  | 'team_role_changed'
  | 'team_renamed'
  | 'app_signed_out'
  | 'team_two_factor_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_reset'
  | 'two_factor_recovery_regenerated'
  | 'two_factor_recovery_used'
  | 'two_factor_asked'
  | 'two_factor_failed'
  | 'passkey_added'
  | 'passkey_renamed'
  | 'passkey_removed'
  | 'passkey_signin'
  | 'passkey_signup'
  | 'passkey_refused';

/** What a mail in the outbox is (`mail_outbox.kind`): the template it is rendered from. */
export type MailKind =
  | 'verify_email'
  | 'already_registered'
  | 'password_reset'
  | 'password_changed'
  | 'signup_code'
  | 'reset_code'
  // Per-account cap on failed sign-ins
  | 'signin_paused'
  | 'sso_linked'
  | 'sso_link_code'
  | 'passkey_code'
  | 'password_updated'
  | 'email_change_verify'
  | 'email_change_code'
  | 'email_change_notice'
  | 'account_recovered'
  | 'email_change_taken'
  | 'deletion_code'
  | 'account_deleted'
  | 'team_invitation'
  | 'two_factor_code'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'two_factor_reset'
  | 'way_in_added'
  | 'way_in_removed'
  // The operator's remedies (decision 061)
  | 'account_disabled'
  | 'account_enabled'
  | 'sessions_ended_by_support';

// Timestamps are ISO-8601 UTC strings made in application code: they sort correctly as text
// and keep SQLite and PostgreSQL on the same migrations (docs/decisions/003).
type Timestamp = string;

export interface AccountsTable {
  id: string;
  email: string;
  email_key: string;
  email_verified_at: Timestamp | null;
  password_hash: string | null;
  password_changed_at: Timestamp | null;
  first_name: string | null;
  family_name: string | null;
  locale: Language;
  marketing_consent_at: Timestamp | null;
  analytics_consent_at: Timestamp | null;
  data_processing_consent_at: Timestamp | null;
  disabled_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  // Security hardening: wrong one-time codes over the account's lifetime (migration 0004).
  code_failures: Generated<number>;
  /** Bumped by every password write, disable and "this was not me" (migration 0010, decision 029). */
  credential_generation: Generated<number>;
}

export interface ConsentsTable {
  id: string;
  account_id: string;
  kind: 'data_processing' | 'marketing' | 'analytics';
  granted: number;
  policy_version: string;
  created_at: Timestamp;
}

/** The optional consents ticked at sign-up, until the owner sets the password (migration 0015). */
export interface SignupChoicesTable {
  account_id: string;
  marketing: number;
  analytics: number;
  /** The app sign-in the sign-up was started from (migration 0017). */
  continue_to: string | null;
  created_at: Timestamp;
}

/** A browser's watch of a pending sign-up (decision 041): several per account, one per browser. */
export interface SignupWatchesTable {
  watch_hash: string;
  account_id: string;
  created_at: Timestamp;
  /** When the mailed link was opened for this watch: in its own browser, or anywhere while it was the only one. */
  verified_at: Timestamp | null;
}

/** An account's authenticator app (decision 046); the secret sealed, null `confirmed_at` while enrolling. */
export interface TotpFactorsTable {
  account_id: string;
  secret: string;
  confirmed_at: Timestamp | null;
  /** The RFC 6238 time step of the last code accepted: no code of that step or before is accepted again. */
  last_step: number | null;
  created_at: Timestamp;
}

/** One recovery code, kept as an HMAC under SECRET_KEY; it works once. */
export interface RecoveryCodesTable {
  id: string;
  account_id: string;
  code_key: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A sign-in waiting for its second factor (migration 0022, decision 046). */
export interface TwoFactorChallengesTable {
  id: string;
  token_hash: string;
  account_id: string;
  credential_generation: number;
  /** What the first factor proved (amr values separated by spaces). */
  amr: string;
  attempts: number;
  /** The panel user a control-panel sign-in links once the second factor is in. */
  panel_id: string | null;
  panel_user_id: string | null;
  /** The hash of the team invitation a single sign-on started from, joined once the second factor is in. */
  invitation_hash: string | null;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  account_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  idle_expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** The account's credential generation when the session started; it is live only while they match. */
  credential_generation: number;
  /** How the session was proved: RFC 8176 amr values separated by spaces (features/auth/proof.ts). */
  amr: string;
}

export type TokenPurpose =
  | 'verify_email'
  | 'set_password'
  | 'password_reset'
  | 'signup_code'
  | 'reset_code'
  | 'email_change'
  | 'email_change_code'
  | 'email_change_cancel'
  | 'deletion_code'
  | 'sso_link_code'
  | 'two_factor_code'
  | 'passkey_code';

export interface OneTimeTokensTable {
  id: string;
  account_id: string;
  purpose: TokenPurpose;
  token_hash: string;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  attempts: number;
  created_at: Timestamp;
  panel_id?: string | null;
  panel_user_id?: string | null;
  // The address an e-mail change token (link or code) would move the account to.
  new_email?: string | null;
}

/** A panel session's one-time hand-over to a top-level session, for one pending app sign-in (decision 049). */
export interface AppHandOversTable {
  /** HMAC of the hand-over's value under a key derived from SECRET_KEY. */
  token_key: string;
  session_id: string;
  account_id: string;
  panel_id: string;
  host: string;
  interaction_uid: string;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface PanelAccountsTable {
  panel_id: string;
  panel_user_id: string;
  account_id: string;
  created_at: Timestamp;
}

export interface PanelsTable {
  id: string;
  name: string;
  platform: 'cpanel' | 'plesk';
  api_key_hash: string;
  origins: string;
  created_at: Timestamp;
  revoked_at: Timestamp | null;
}

export interface PanelOriginsTable {
  panel_id: string;
  origin: string;
}

export interface LicensesTable {
  id: string;
  key_hash: string;
  key_suffix: string;
  plan: Plan;
  kind: 'standalone' | 'platform';
  panel_id: string | null;
  revoked_at: Timestamp | null;
  expires_at: Timestamp | null;
  account_id: string | null;
  activated_at: Timestamp | null;
  created_at: Timestamp;
}

export interface BrandsTable {
  host: string;
  brand_name: string;
  favicon_url: string | null;
  logo_url: string | null;
  primary_color: string | null;
  support_url: string | null;
  dashboard_url: string | null;
  privacy_url: string | null;
  terms_url: string | null;
  default_language: Language | null;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  kind: MailKind;
  locale: Language;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AuthEventsTable {
  id: string;
  account_id: string | null;
  type: AuthEventType;
  ip: string | null;
  created_at: Timestamp;
}

export type TeamRole = 'owner' | 'admin' | 'member';

export interface TeamsTable {
  id: string;
  owner_account_id: string;
  /** Set by the owner or an admin; null shows the default, named after the owner (decision 040). */
  name: string | null;
  created_at: Timestamp;
  /** Since when the team requires two-factor of its members; null when it does not (decision 047). */
  two_factor_required_at: Timestamp | null;
  two_factor_grace_days: Generated<number>;
}

export interface TeamMembersTable {
  id: string;
  team_id: string;
  account_id: string;
  role: TeamRole;
  created_at: Timestamp;
}

export interface TeamInvitationsTable {
  id: string;
  team_id: string;
  email: string;
  email_key: string;
  role: Exclude<TeamRole, 'owner'>;
  inviter_account_id: string | null;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  accepted_by: string | null;
  revoked_at: Timestamp | null;
  claimed_by: string | null;
}

export interface Database extends OidcTables {
  accounts: AccountsTable;
  consents: ConsentsTable;
  signup_choices: SignupChoicesTable;
  signup_watches: SignupWatchesTable;
  sessions: SessionsTable;
  totp_factors: TotpFactorsTable;
  recovery_codes: RecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  one_time_tokens: OneTimeTokensTable;
  app_hand_overs: AppHandOversTable;
  panels: PanelsTable;
  panel_accounts: PanelAccountsTable;
  panel_origins: PanelOriginsTable;
  licenses: LicensesTable;
  brands: BrandsTable;
  mail_outbox: MailOutboxTable;
  auth_events: AuthEventsTable;
  sso_identities: SsoIdentitiesTable;
  sso_flows: SsoFlowsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  // The shared key's fingerprint (decision 019)
  server_keys: ServerKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_sequences: WebhookSequencesTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_entitlements: WebhookEntitlementsTable;
  webhook_expiries: WebhookExpiriesTable;
  operators: OperatorsTable;
  admin_tokens: AdminTokensTable;
  operator_actions: OperatorActionsTable;
  audit_chain_head: AuditChainHeadTable;
  console_sessions: ConsoleSessionsTable;
}

/** A Gatehouse account that may use the admin API and the console, with a fixed role (decision 060). */
export interface OperatorsTable {
  account_id: string;
  role: OperatorRole;
  granted_at: Timestamp;
  /** Who granted it: `cli:<user>` or `operator:<account id>`. */
  granted_by: string;
}

/** A script's key to the admin API; only its HMAC under a key derived from SECRET_KEY is kept. */
export interface AdminTokensTable {
  id: string;
  name: string;
  token_key: string;
  /** The scopes, separated by spaces. */
  scopes: string;
  /** An operator's own token: it acts as that operator, within the operator's role as it is at each use. */
  operator_account_id: string | null;
  created_by: string;
  created_at: Timestamp;
  expires_at: Timestamp | null;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** One operator's action: append-only, each row chained to the one before by a keyed hash (decision 061). */
export interface OperatorActionsTable {
  seq: number;
  id: string;
  at: Timestamp;
  type: string;
  account_id: string | null;
  actor_kind: ActorKind;
  actor_id: string;
  actor_name: string;
  ip: string | null;
  reason: string | null;
  /** JSON: what the action changed (a license's id, a new expiry), never a secret. */
  detail: string | null;
  prev_hash: string;
  hash: string;
}

export interface AuditChainHeadTable {
  name: string;
  seq: number;
  hash: string;
}

/** A receiver the operator registered (decision 055); secrets sealed under SECRET_KEY. */
export interface WebhookEndpointsTable {
  id: string;
  url: string;
  description: string | null;
  /** JSON array of event types; null for every event. */
  events: string | null;
  secret: string;
  previous_secret: string | null;
  previous_until: Timestamp | null;
  disabled_at: Timestamp | null;
  disabled_reason: string | null;
  /** 1 for the temporary endpoint of `webhook listen`: only that command delivers to it. */
  listener: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookSequencesTable {
  account_key: string;
  seq: number;
}

export interface WebhookEventsTable {
  id: string;
  type: string;
  /** The account the event concerns, '' for none. */
  account_key: string;
  seq: number;
  /** The body exactly as sent: {type, timestamp, data}. */
  payload: string;
  created_at: Timestamp;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event_id: string;
  account_key: string;
  seq: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_status: number | null;
  last_error: string | null;
  duration_ms: number | null;
  finished_at: Timestamp | null;
  created_at: Timestamp;
}

/** The licenses whose expiry was announced (license.expired), so it is announced once. */
export interface WebhookExpiriesTable {
  license_id: string;
  created_at: Timestamp;
}

export interface WebhookEntitlementsTable {
  account_id: string;
  /** JSON of the last entitlements.changed data sent for the account. */
  value: string;
}

export type WebhookEndpoint = Selectable<WebhookEndpointsTable>;
export type WebhookDelivery = Selectable<WebhookDeliveriesTable>;

/** The fingerprint of the SECRET_KEY this database was first used with; never the key. */
export interface ServerKeysTable {
  name: string;
  fingerprint: string;
  created_at: string;
}

/** A passkey (decision 048): the credential's public key, bound to the host it was made on. */
export interface PasskeysTable {
  id: string;
  account_id: string;
  /** The credential id, base64url, as the browser names it. */
  credential_id: string;
  /** The relying-party id it was made for: the host the person was on. */
  host: string;
  /** The COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** The transports the authenticator named, separated by spaces. */
  transports: string;
  /** 1 when the person was verified on the device as it was made: a second factor then. */
  user_verified: number;
  /** 1 when the passkey is synced (backed up by a provider). */
  backed_up: number;
  name: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export type PasskeyPurpose = 'register' | 'signin' | 'signup';

/** A ceremony in progress: its challenge, for one browser (its cookie's hash) and one host. */
export interface PasskeyChallengesTable {
  id: string;
  browser_hash: string;
  purpose: PasskeyPurpose;
  host: string;
  challenge: string;
  /** The account a registration is for (a signed-in add, or a sign-up's pending account). */
  account_id: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export type Passkey = Selectable<PasskeysTable>;

export type Account = Selectable<AccountsTable>;
export type NewAccount = Insertable<AccountsTable>;
export type AccountUpdate = Updateable<AccountsTable>;
export type Session = Selectable<SessionsTable>;
export type TwoFactorChallenge = Selectable<TwoFactorChallengesTable>;
export type OneTimeToken = Selectable<OneTimeTokensTable>;
export type License = Selectable<LicensesTable>;
export type Brand = Selectable<BrandsTable>;
export type Panel = Selectable<PanelsTable>;
export type OutboxMail = Selectable<MailOutboxTable>;

export type SsoProvider = SsoProviderName;

export interface SsoIdentitiesTable {
  id: string;
  account_id: string;
  provider: SsoProvider;
  issuer: string;
  subject: string;
  /** The address the provider gave when the identity was linked: shown on the account page. */
  email: string | null;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

export type SsoIntent = 'signin' | 'signup' | 'link';

export interface SsoFlowsTable {
  /** SHA-256 of the random value in the browser's flow cookie. */
  id: string;
  provider: SsoProvider;
  intent: SsoIntent;
  state: string;
  nonce: string;
  code_verifier: string;
  /** The signed-in account a `link` flow connects to. */
  account_id: string | null;
  locale: Language;
  /** JSON: the consents ticked on /signup before the button was pressed. */
  consents: string | null;
  redirect_to: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  /** SHA-256 of the team invitation's token, when the flow started from an invitation screen. */
  invitation_hash: string | null;
}

export type SsoIdentity = Selectable<SsoIdentitiesTable>;
export type SsoFlow = Selectable<SsoFlowsTable>;
export type Team = Selectable<TeamsTable>;
export type TeamMember = Selectable<TeamMembersTable>;
export type TeamInvitation = Selectable<TeamInvitationsTable>;

/** An operator's console session (decision 062); the cookie is kept as its keyed hash. */
export interface ConsoleSessionsTable {
  key: string;
  account_id: string;
  /** The Gatehouse session the operator signed in to the console with: ending it ends this one. */
  session_id: string;
  /** The token the console's writes send back in a header (the cookie alone is not enough). */
  csrf: string;
  /** How the sign-in behind it was proved (decision 045). */
  amr: string;
  created_at: Timestamp;
  /** The sign-in's time, then the last fresh proof: what a destructive action asks to be recent. */
  proved_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}
