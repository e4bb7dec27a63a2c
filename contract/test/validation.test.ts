import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeSchema, errorMessages, isOtp, languages, otpLength, placeholdersOf, signupRequest, summarizeIssues } from '../src/index.ts';
import { errorCatalogues } from '../src/messages/index.ts';

const summarize = (body: unknown) => {
  const result = signupRequest.safeParse(body);
  assert.equal(result.success, false);
  return summarizeIssues(result.error?.issues ?? []);
};

describe('shared validation', () => {
  it("gives the seed's messages for the sign-up form", () => {
    assert.equal(summarize({ email: 'nope' }).code, 'validation.consent_and_email');
    assert.equal(summarize({ email: 'a@example.com' }).code, 'validation.consent_required');
    assert.equal(summarize({ email: 'nope', dataProcessingConsent: true }).code, 'validation.email_invalid');
    assert.equal(errorMessages['validation.consent_and_email'], 'Accept the consent and provide a valid email to continue');
  });

  it('takes a one-time code of otpLength digits, and nothing else, in the forms and the API alike', () => {
    const digits = '1234567890'.slice(0, otpLength);
    assert.equal(isOtp(digits), true);
    for (const wrong of [digits.slice(1), `${digits}1`, `${digits.slice(1)}a`, ` ${digits}`]) assert.equal(isOtp(wrong), false, wrong);
    // The API ignores what copying adds; the form's field has kept the digits alone (lib/otp.ts).
    assert.equal(codeSchema.parse(`${digits.slice(0, 3)} ${digits.slice(3)}`), digits);
    assert.equal(codeSchema.safeParse(digits.slice(1)).success, false);
  });

  it('normalises on the way in', () => {
    const parsed = signupRequest.parse({ email: ' X@Example.ORG ', dataProcessingConsent: true, extra: 'ignored' });
    assert.deepEqual(parsed, { email: 'X@example.org', dataProcessingConsent: true });
  });

  it('has every message translated in every language, with the same placeholders', () => {
    for (const language of languages) {
      const catalogue = errorCatalogues[language];
      for (const [code, english] of Object.entries(errorMessages)) {
        const text = catalogue[code as keyof typeof errorMessages];
        assert.ok(text && text.trim().length > 0, `${language}: ${code} is empty`);
        if (language !== 'en') assert.notEqual(text, english, `${language}: ${code} is not translated`);
        assert.deepEqual(placeholdersOf(text), placeholdersOf(english), `${language}: ${code} placeholders`);
      }
    }
  });
});
