import { formatMessage, type Language, type WayInKind } from '@gatehouse/contract';
import type { MailKind } from '../db/schema.ts';
import de from './messages/de.ts';
import en, { type MailMessages } from './messages/en.ts';
import es from './messages/es.ts';
import fr from './messages/fr.ts';
import it from './messages/it.ts';
import ja from './messages/ja.ts';
import pt from './messages/pt.ts';
import ru from './messages/ru.ts';

const catalogues: Record<Language, MailMessages> = { en, de, fr, es, it, ru, ja, pt };

export type { MailKind } from '../db/schema.ts';

/** Mails that carry a 10-minute code instead of a link. */
const codeKinds: ReadonlySet<MailKind> = new Set([
  'signup_code',
  'reset_code',
  'email_change_code',
  'deletion_code',
  'sso_link_code',
  'two_factor_code',
  'passkey_code',
]);

export interface MailBrand {
  name: string;
  color: string;
}

export interface MailParams {
  /** The main call to action (code mails have none). */
  link?: string;
  /** A one-time code, for mails read inside a hosting panel. */
  code?: string;
  /** A second link (the reset page, in the already-registered mail). */
  secondaryLink?: string;
  email?: string;
  /** The provider's name, in the identity-linked mail. */
  provider?: string;
  /** Who sent the invitation (their name and address), and the team's owner (their name, or an address in mails written before team names). */
  inviter?: string;
  team?: string;
  /** The name the team was given, when it has one (decision 040). */
  teamName?: string;
  /** When the invitation ends (ISO-8601), shown as a date in the reader's language. */
  expiresAt?: string;
  /** The way in a notice is about, and what names it (a passkey's name, a provider, a panel's host). */
  wayIn?: WayInKind;
  detail?: string;
  /** What "this was not me" removed because it was added since the request. */
  removed?: WayInKind[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface Layout {
  subject: string;
  preheader: string;
  paragraphs: string[];
  button?: string;
  after: string[];
}

const listFormat = (items: string[], language: Language) => new Intl.ListFormat(language, { type: 'conjunction' }).format(items);

function layoutFor(kind: MailKind, m: MailMessages, params: MailParams, language: Language): Layout {
  switch (kind) {
    case 'verify_email':
      return { ...m.verifyEmail, paragraphs: [m.verifyEmail.intro], after: [m.verifyEmail.expiry, m.common.ignore] };
    case 'already_registered':
      return {
        ...m.alreadyRegistered,
        paragraphs: [m.alreadyRegistered.intro],
        after: [`${m.alreadyRegistered.reset} ${params.secondaryLink ?? ''}`, m.common.ignore],
      };
    case 'password_reset':
      return { ...m.passwordReset, paragraphs: [m.passwordReset.intro], after: [m.passwordReset.expiry, m.common.ignore] };
    case 'password_changed':
      return { ...m.passwordChanged, paragraphs: [m.passwordChanged.intro], after: [m.passwordChanged.notYou] };
    case 'signup_code':
      return { ...m.signupCode, paragraphs: [m.signupCode.intro], after: [m.signupCode.expiry, m.common.ignore] };
    case 'reset_code':
      return { ...m.resetCode, paragraphs: [m.resetCode.intro], after: [m.resetCode.expiry, m.common.ignore] };
    case 'signin_paused':
      return { ...m.signinPaused, paragraphs: [m.signinPaused.intro], after: [m.signinPaused.after] };
    case 'sso_linked':
      return { ...m.ssoLinked, paragraphs: [m.ssoLinked.intro], after: [m.ssoLinked.notYou] };
    case 'password_updated':
      return { ...m.passwordUpdated, paragraphs: [m.passwordUpdated.intro], after: [m.passwordUpdated.notYou] };
    case 'email_change_verify':
      return { ...m.emailChangeVerify, paragraphs: [m.emailChangeVerify.intro], after: [m.emailChangeVerify.expiry, m.common.ignore] };
    case 'email_change_code':
      return { ...m.emailChangeCode, paragraphs: [m.emailChangeCode.intro], after: [m.emailChangeCode.expiry, m.common.ignore] };
    case 'email_change_notice':
      return { ...m.emailChangeNotice, paragraphs: [m.emailChangeNotice.intro], after: [m.emailChangeNotice.notYou] };
    case 'account_recovered': {
      const since = (params.removed ?? []).filter((kind) => kind !== 'password').map((kind) => m.wayInsAddedSince[kind]);
      const removed = since.length > 0 ? [m.accountRecovered.removedSince.replace('{removed}', listFormat(since, language))] : [];
      return { ...m.accountRecovered, paragraphs: [m.accountRecovered.intro, ...removed], after: [m.accountRecovered.expiry] };
    }
    case 'way_in_added':
      return { ...m.wayInAdded, paragraphs: [m.wayInAdded.intro], after: [m.wayInAdded.notYou] };
    case 'way_in_removed':
      return { ...m.wayInRemoved, paragraphs: [m.wayInRemoved.intro], after: [m.wayInRemoved.notYou] };
    case 'email_change_taken':
      return { ...m.emailChangeTaken, paragraphs: [m.emailChangeTaken.intro], after: [m.common.ignore] };
    case 'deletion_code':
      return { ...m.deletionCode, paragraphs: [m.deletionCode.intro], after: [m.deletionCode.expiry] };
    case 'sso_link_code':
      return { ...m.ssoLinkCode, paragraphs: [m.ssoLinkCode.intro], after: [m.ssoLinkCode.expiry] };
    case 'passkey_code':
      return { ...m.passkeyCode, paragraphs: [m.passkeyCode.intro], after: [m.passkeyCode.expiry] };
    case 'account_deleted':
      return { ...m.accountDeleted, paragraphs: [m.accountDeleted.intro], after: [m.accountDeleted.after] };
    case 'two_factor_code':
      return { ...m.twoFactorCode, paragraphs: [m.twoFactorCode.intro], after: [m.twoFactorCode.expiry] };
    case 'two_factor_enabled':
      return { ...m.twoFactorEnabled, paragraphs: [m.twoFactorEnabled.intro], after: [m.twoFactorEnabled.notYou] };
    case 'two_factor_disabled':
      return { ...m.twoFactorDisabled, paragraphs: [m.twoFactorDisabled.intro], after: [m.twoFactorDisabled.notYou] };
    case 'two_factor_reset':
      return { ...m.twoFactorReset, paragraphs: [m.twoFactorReset.intro], after: [m.twoFactorReset.after] };
    case 'account_disabled':
      return { ...m.accountDisabled, paragraphs: [m.accountDisabled.intro], after: [m.accountDisabled.after] };
    case 'account_enabled':
      return { ...m.accountEnabled, paragraphs: [m.accountEnabled.intro], after: [m.accountEnabled.after] };
    case 'sessions_ended_by_support':
      return { ...m.sessionsEndedBySupport, paragraphs: [m.sessionsEndedBySupport.intro], after: [m.sessionsEndedBySupport.after] };
    case 'team_invitation':
      return {
        ...m.teamInvitation,
        ...(params.teamName ? { subject: m.teamInvitation.subjectNamed } : {}),
        paragraphs: [params.teamName ? m.teamInvitation.introNamed : m.teamInvitation.intro],
        after: [m.teamInvitation.expiry, m.teamInvitation.notExpected],
      };
  }
}

/** A point in time as people of the language write it, with the time zone named (mail has no reader's zone). */
function mailDate(value: string, language: Language): string {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit' };
  return new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(value));
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Renders one mail in the reader's language, as plain text and HTML. */
export function renderMail(kind: MailKind, language: Language, brand: MailBrand, params: MailParams): RenderedMail {
  const m = catalogues[language];
  const codeMail = codeKinds.has(kind);
  const values = {
    brand: brand.name,
    hours: 24,
    minutes: codeMail ? 10 : 60,
    email: params.email ?? '',
    code: params.code ?? '',
    provider: params.provider ?? '',
    inviter: params.inviter ?? '',
    team: params.teamName ?? params.team ?? '',
    days: 7,
    date: params.expiresAt ? mailDate(params.expiresAt, language) : '',
    method: params.wayIn ? formatMessage(m.wayIn[params.wayIn], { detail: params.detail ?? '' }, language) : '',
  };
  const fill = (template: string) => formatMessage(template, values, language);
  const layout = layoutFor(kind, m, params, language);
  const subject = fill(layout.subject);
  const paragraphs = layout.paragraphs.map(fill);
  const after = layout.after.map(fill);

  const text = [
    m.common.greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(params.code ? [`    ${params.code}`, ''] : []),
    ...(layout.button && params.link ? [`${fill(layout.button)}: ${params.link}`, ''] : []),
    ...after.flatMap((p) => [p, '']),
    fill(m.common.signature),
    '',
    '-- ',
    fill(m.common.footer),
  ].join('\n');

  const p = (content: string, style = '') =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937;${style}">${content}</p>`;
  const linkify = (value: string) =>
    escapeHtml(value).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:${brand.color}">${url}</a>`);
  const action = params.code
    ? `<p style="margin:8px 0 24px;font-size:32px;font-weight:700;letter-spacing:8px;color:#0f172a;font-family:ui-monospace,Menlo,Consolas,monospace">${escapeHtml(params.code)}</p>`
    : layout.button && params.link
      ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:${brand.color}">
<a href="${escapeHtml(params.link ?? '')}" style="display:inline-block;padding:14px 28px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(fill(layout.button))}</a>
</td></tr></table>
${p(escapeHtml(m.common.buttonFallback), 'font-size:14px;color:#4b5563')}
${p(`<a href="${escapeHtml(params.link ?? '')}" style="color:${brand.color};word-break:break-all">${escapeHtml(params.link ?? '')}</a>`, 'font-size:14px')}`
      : '';
  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(fill(layout.preheader))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:40px 32px">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:${brand.color}">${escapeHtml(brand.name)}</p>
${p(escapeHtml(m.common.greeting))}
${paragraphs.map((para) => p(escapeHtml(para))).join('\n')}
${action}
${after.map((para) => p(linkify(para), 'font-size:14px;color:#4b5563')).join('\n')}
${p(escapeHtml(fill(m.common.signature)))}
</td></tr></table>
<p style="max-width:560px;margin:16px auto 0;font-size:12px;line-height:18px;color:#6b7280">${escapeHtml(fill(m.common.footer))}</p>
</td></tr></table></body></html>`;
  return { subject, text, html };
}
