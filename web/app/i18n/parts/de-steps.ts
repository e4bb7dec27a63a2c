import type { StepsTexts } from './en-steps.ts';

const deSteps: StepsTexts = {
  twoFactor: {
    heading: 'Zwei-Faktor-Authentifizierung',
    intro: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein, um die Anmeldung abzuschließen.',
    recoveryIntro:
      'Geben Sie einen der Wiederherstellungscodes ein, die Sie beim Aktivieren der Zwei-Faktor-Authentifizierung gespeichert haben. Jeder Code funktioniert einmal.',
    codeLabel: 'Authentifizierungscode',
    codeHint: 'Öffnen Sie Ihre Authenticator-App und geben Sie den angezeigten Code ein.',
    recoveryLabel: 'Wiederherstellungscode',
    recoveryHint: 'Zehn Buchstaben und Ziffern, zum Beispiel abcde-fgh23.',
    submit: 'Bestätigen und anmelden',
    useRecovery: 'Stattdessen einen Wiederherstellungscode verwenden',
    useApp: 'Stattdessen die Authenticator-App verwenden',
    ended: 'Diese Anmeldung ist beendet.',
    signInAgain: 'Erneut anmelden',
    lost: 'Smartphone und Wiederherstellungscodes verloren? {support}, um die Zwei-Faktor-Authentifizierung zurückzusetzen.',
    contactSupport: 'Wenden Sie sich an den Support',
    lostNoSupport:
      'Smartphone und Wiederherstellungscodes verloren? Bitten Sie den Betreiber dieses Dienstes, die Zwei-Faktor-Authentifizierung zurückzusetzen.',
    back: 'Zurück zur Anmeldung',
  },
  verify: {
    checking: 'Ihre E-Mail-Adresse wird bestätigt…',
    failedHint:
      'Der Link ist möglicherweise abgelaufen oder wurde bereits verwendet. Registrieren Sie sich erneut, um einen neuen zu erhalten.',
    startAgain: 'Erneut registrieren',
    sendNew: 'Neuen Link senden',
  },
  reset: {
    heading: 'Neues Passwort festlegen',
    intro: 'Legen Sie ein neues Passwort für Ihr Konto fest. Alle angemeldeten Geräte werden abgemeldet.',
    submit: 'Passwort ändern',
    successHeading: 'Passwort geändert',
    success:
      'Ihr Passwort wurde geändert. Sie werden in {seconds, plural, one {# Sekunde} other {# Sekunden}} zur Anmeldeseite weitergeleitet.',
    backToLogin: 'Zurück zur Anmeldung',
    requestNew: 'Neuen Link anfordern',
    usedHeading: 'Dieser Link wurde bereits verwendet',
    usedIntro:
      'Dieser Link zum Zurücksetzen wurde bereits verwendet oder durch einen neueren ersetzt. Melden Sie sich an oder fordern Sie einen neuen Link an.',
    expiredHeading: 'Dieser Link ist abgelaufen',
    expiredIntro: 'Dieser Link zum Zurücksetzen ist abgelaufen. Fordern Sie einen neuen an, um fortzufahren.',
    deadHeading: 'Dieser Link funktioniert nicht',
    codeIntro:
      'Geben Sie den 6-stelligen Code ein, den wir an {email} gesendet haben, und wählen Sie ein neues Passwort. Alle angemeldeten Geräte werden abgemeldet.',
    noCode: 'Keinen Code erhalten?',
    requestCode: 'Neuen Code anfordern',
  },
  appSignOut: {
    heading: 'Abmelden?',
    intro:
      'Eine App möchte Sie abmelden. Damit endet Ihre Sitzung hier, und Sie werden auch von den Apps abgemeldet, die Sie mit ihr geöffnet haben.',
    submit: 'Abmelden',
    stay: 'Angemeldet bleiben',
    doneHeading: 'Abgemeldet',
    done: 'Ihre Sitzung hier ist beendet, ebenso Ihre Anmeldung in den Apps, die Sie mit ihr geöffnet haben.',
    signInAgain: 'Erneut anmelden',
  },
};

export default deSteps;
