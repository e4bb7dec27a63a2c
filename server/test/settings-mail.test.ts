import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languages, wayInKinds } from '@gatehouse/contract';
import { type MailKind, renderMail } from '../src/mail/templates.ts';

const brand = { name: 'Acme Monitoring', color: '#0f766e' };
const withLink: MailKind[] = ['password_updated', 'email_change_verify', 'email_change_notice', 'account_recovered', 'email_change_taken'];
const withCode: MailKind[] = ['email_change_code', 'deletion_code'];

describe('account settings mails', () => {
  it('renders every settings mail in all 8 languages, each different, with no placeholder left', () => {
    const bodies = new Set<string>();
    const kinds = [...withLink, ...withCode, 'account_deleted'] as MailKind[];
    for (const kind of kinds) {
      for (const language of languages) {
        const code = withCode.includes(kind) ? '042917' : undefined;
        const link = withLink.includes(kind) ? 'https://portal.example.com/email-change?token=abc' : undefined;
        const mail = renderMail(kind, language, brand, { link, code, email: 'new@example.com' });
        for (const [part, value] of Object.entries(mail)) {
          assert.doesNotMatch(value, /\{\w+\}/, `${kind}/${language} ${part} has a leftover placeholder`);
          if (code) assert.ok(value.includes(code), `${kind}/${language} ${part} shows the code`);
        }
        assert.ok(mail.text.includes('Acme Monitoring'), `${kind}/${language} names the brand`);
        if (link) assert.ok(mail.text.includes(link) && mail.html.includes(link), `${kind}/${language} carries the link`);
        else assert.doesNotMatch(mail.text, /https?:\/\//, `${kind}/${language} carries no link`);
        if (kind !== 'password_updated' && kind !== 'deletion_code' && kind !== 'email_change_taken')
          assert.ok(mail.text.includes('new@example.com'), `${kind}/${language} names the address`);
        bodies.add(mail.text);
      }
    }
    assert.equal(bodies.size, kinds.length * languages.length);
  });
});

describe('the notices of a way in that came or went (decision 050)', () => {
  it('names each kind of way in, in all 8 languages, with no placeholder left; the recovered mail lists what went', () => {
    const bodies = new Set<string>();
    for (const language of languages) {
      for (const wayIn of wayInKinds) {
        for (const kind of ['way_in_added', 'way_in_removed'] as const) {
          const mail = renderMail(kind, language, brand, {
            link: 'https://portal.example.com/settings',
            email: 'ada@example.com',
            wayIn,
            detail: 'Work laptop',
          });
          for (const [part, value] of Object.entries(mail)) assert.doesNotMatch(value, /\{\w+\}/, `${kind}/${wayIn}/${language} ${part}`);
          assert.ok(mail.text.includes('ada@example.com'), `${kind}/${wayIn}/${language} names the address`);
          if (wayIn === 'passkey') assert.ok(mail.text.includes('Work laptop'), `${kind}/${language} names the passkey`);
          bodies.add(mail.text);
        }
      }
      const recovered = renderMail('account_recovered', language, brand, {
        link: 'https://portal.example.com/reset?token=abc',
        email: 'ada@example.com',
        removed: ['password', 'passkey', 'authenticator'],
      });
      assert.doesNotMatch(recovered.text, /\{\w+\}/, `account_recovered/${language}`);
      const none = renderMail('account_recovered', language, brand, {
        link: 'https://portal.example.com/reset?token=abc',
        removed: ['password'],
      });
      assert.ok(recovered.text.length > none.text.length, `account_recovered/${language} lists what was added since`);
    }
    assert.equal(bodies.size, languages.length * wayInKinds.length * 2, 'every notice reads differently');
  });
});
