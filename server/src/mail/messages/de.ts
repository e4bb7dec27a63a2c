import type { MailMessages } from './en.ts';

const de: MailMessages = {
  common: {
    greeting: 'Guten Tag,',
    signature: 'Ihr {brand}-Team',
    buttonFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    ignore: 'Falls Sie das nicht angefordert haben, können Sie diese E-Mail einfach ignorieren. Es wird nichts geändert.',
    footer: 'Sie erhalten diese E-Mail, weil diese Adresse bei {brand} angegeben wurde.',
  },
  verifyEmail: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für {brand}',
    preheader: 'Nur ein Klick, und Ihr Konto ist bereit.',
    intro:
      'vielen Dank für Ihre Registrierung bei {brand}. Bestätigen Sie, dass dies Ihre E-Mail-Adresse ist, um mit der Einrichtung Ihres Kontos fortzufahren.',
    button: 'E-Mail-Adresse bestätigen',
    expiry: 'Der Link ist {hours} Stunden gültig.',
  },
  alreadyRegistered: {
    subject: 'Sie haben bereits ein Konto bei {brand}',
    preheader: 'Es wurde kein neues Konto erstellt.',
    intro:
      'jemand – hoffentlich Sie – hat versucht, sich mit dieser E-Mail-Adresse bei {brand} zu registrieren. Da Sie bereits ein Konto haben, wurde kein neues erstellt.',
    button: 'Anmelden',
    reset: 'Passwort vergessen? Hier können Sie ein neues festlegen:',
  },
  passwordReset: {
    subject: 'Passwort für {brand} zurücksetzen',
    preheader: 'Legen Sie ein neues Passwort für Ihr Konto fest.',
    intro:
      'wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei {brand} zurückzusetzen. Über die Schaltfläche unten können Sie ein neues Passwort festlegen.',
    button: 'Neues Passwort festlegen',
    expiry: 'Der Link ist {minutes} Minuten gültig und kann nur einmal verwendet werden.',
  },
  passwordChanged: {
    subject: 'Ihr Passwort für {brand} wurde geändert',
    preheader: 'Alle Geräte wurden abgemeldet.',
    intro: 'das Passwort Ihres Kontos bei {brand} ({email}) wurde soeben geändert. Alle angemeldeten Geräte wurden abgemeldet.',
    button: 'Anmelden',
    notYou: 'Falls Sie das nicht waren, setzen Sie Ihr Passwort bitte sofort zurück und wenden Sie sich an unseren Support.',
  },
  signupCode: {
    subject: 'Ihr Bestätigungscode für {brand}: {code}',
    preheader: 'Geben Sie ihn ein, um Ihre E-Mail-Adresse zu bestätigen.',
    intro: 'bitte geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen und Ihr {brand}-Konto einzurichten:',
    expiry: 'Der Code ist {minutes} Minuten gültig.',
  },
  resetCode: {
    subject: 'Ihr Code zum Zurücksetzen des Passworts für {brand}: {code}',
    preheader: 'Geben Sie ihn ein, um ein neues Passwort festzulegen.',
    intro: 'bitte geben Sie diesen Code ein, um ein neues Passwort für Ihr {brand}-Konto festzulegen:',
    expiry: 'Der Code ist {minutes} Minuten gültig.',
  },
  // Per-account cap on failed sign-ins
  signinPaused: {
    subject: 'Jemand versucht, sich bei Ihrem {brand}-Konto anzumelden',
    preheader: 'Die Anmeldung mit dem Passwort ist pausiert, bis Sie ein neues festlegen.',
    intro:
      'es gab viele fehlgeschlagene Versuche, sich mit einem falschen Passwort bei Ihrem {brand}-Konto ({email}) anzumelden. Zum Schutz Ihres Kontos ist die Anmeldung mit dem Passwort pausiert. Legen Sie ein neues Passwort fest, um sich wieder anzumelden.',
    button: 'Neues Passwort festlegen',
    after:
      'Ihr Passwort wurde nicht geändert. Falls Sie nicht versucht haben, sich anzumelden, versucht möglicherweise jemand, Ihr Passwort zu erraten: Wählen Sie ein neues, das Sie nirgendwo sonst verwenden.',
  },
  ssoLinked: {
    subject: '{provider} wurde mit Ihrem {brand}-Konto verbunden',
    preheader: 'Sie können sich jetzt mit {provider} anmelden.',
    intro:
      'soeben wurde ein {provider}-Konto mit Ihrem {brand}-Konto ({email}) verbunden. Ab sofort können Sie sich auch mit {provider} anmelden.',
    button: 'Konto öffnen',
    notYou: 'Wenn Sie das nicht waren, öffnen Sie Ihr Konto, trennen Sie {provider} und wenden Sie sich an unseren Support.',
  },
  passwordUpdated: {
    subject: 'Ihr Passwort für {brand} wurde geändert',
    preheader: 'Alle anderen Geräte wurden abgemeldet.',
    intro:
      'das Passwort Ihres Kontos bei {brand} ({email}) wurde soeben in Ihren Kontoeinstellungen geändert. Alle anderen angemeldeten Geräte wurden abgemeldet.',
    button: 'Anmelden',
    notYou: 'Falls Sie das nicht waren, setzen Sie Ihr Passwort bitte sofort zurück und wenden Sie sich an unseren Support.',
  },
  emailChangeVerify: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für {brand}',
    preheader: 'Nur ein Klick, und Ihr Konto verwendet diese Adresse.',
    intro:
      'Sie möchten {email} für Ihr Konto bei {brand} verwenden. Bitte bestätigen Sie, dass dies Ihre Adresse ist; erst dann wird die Änderung wirksam.',
    button: 'Neue Adresse bestätigen',
    expiry: 'Der Link ist {hours} Stunden gültig.',
  },
  emailChangeCode: {
    subject: 'Ihr Code zur Bestätigung Ihrer neuen E-Mail-Adresse für {brand}: {code}',
    preheader: 'Geben Sie ihn ein, um Ihre neue Adresse zu bestätigen.',
    intro:
      'Sie möchten {email} für Ihr Konto bei {brand} verwenden. Bitte geben Sie diesen Code in Ihren Einstellungen ein, um die neue Adresse zu bestätigen:',
    expiry: 'Der Code ist {minutes} Minuten gültig.',
  },
  emailChangeNotice: {
    subject: 'Die E-Mail-Adresse Ihres Kontos bei {brand} soll geändert werden',
    preheader: 'Falls Sie das nicht waren, stoppen Sie es jetzt.',
    intro:
      'jemand, der in Ihrem Konto bei {brand} angemeldet ist, möchte dessen E-Mail-Adresse in {email} ändern. Die Änderung wird wirksam, sobald die neue Adresse bestätigt ist.',
    button: 'Das war ich nicht: Änderung stoppen',
    notYou:
      'Beim Stoppen der Änderung werden auch alle Geräte abgemeldet, und das aktuelle Passwort wird ungültig, denn wer die Änderung angefordert hat, kennt es. Danach erhalten Sie an diese Adresse einen Link, um ein neues festzulegen.',
  },
  accountRecovered: {
    subject: 'Legen Sie ein neues Passwort für Ihr Konto bei {brand} fest',
    preheader: 'Die Änderung der E-Mail-Adresse wurde gestoppt, alle Geräte wurden abgemeldet.',
    intro:
      'Sie haben eine Änderung der E-Mail-Adresse Ihres Kontos bei {brand} ({email}) gestoppt. Alle Geräte wurden abgemeldet, und das Passwort ist nicht mehr gültig, denn wer die Änderung angefordert hat, kannte es.',
    /** Followed by the list of what went, in `wayInsAddedSince`. */
    removedSince: 'Seit der Anfrage hinzugefügt und daher entfernt: {removed}.',
    button: 'Neues Passwort festlegen',
    expiry:
      'Der Link ist {minutes} Minuten gültig und kann nur einmal verwendet werden. Danach fordern Sie auf der Anmeldeseite über „Passwort vergessen?“ einen neuen an.',
  },
  emailChangeTaken: {
    subject: 'Ihre E-Mail-Adresse wird bei {brand} bereits verwendet',
    preheader: 'Es wurde keine Adresse geändert.',
    intro:
      'jemand hat versucht, ein anderes Konto bei {brand} auf diese E-Mail-Adresse umzustellen. Zu dieser Adresse gibt es bereits ein eigenes Konto, daher wurde nichts geändert.',
    button: 'Anmelden',
  },
  deletionCode: {
    subject: 'Ihr Code zum Löschen Ihres Kontos bei {brand}: {code}',
    preheader: 'Geben Sie ihn ein, um das Löschen zu bestätigen.',
    intro:
      'bitte geben Sie diesen Code in Ihren Einstellungen ein, um zu bestätigen, dass Ihr Konto bei {brand} endgültig gelöscht werden soll:',
    expiry:
      'Der Code ist {minutes} Minuten gültig. Falls Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Konto bleibt unverändert.',
  },
  ssoLinkCode: {
    subject: 'Ihr {brand}-Code zum Verbinden eines Anmeldedienstes: {code}',
    preheader: 'Geben Sie ihn ein, um die Verbindung zu bestätigen.',
    intro:
      'Geben Sie diesen Code in Ihren Kontoeinstellungen ein, um zu bestätigen, dass Google oder Microsoft mit Ihrem {brand}-Konto verbunden werden soll:',
    expiry:
      'Der Code ist {minutes} Minuten lang gültig. Wenn Sie das nicht angefordert haben, nutzt möglicherweise jemand Ihr Konto: Melden Sie in Ihren Einstellungen alle anderen Geräte ab und wenden Sie sich an unseren Support.',
  },
  passkeyCode: {
    subject: 'Ihr {brand}-Code zum Ändern Ihrer Passkeys: {code}',
    preheader: 'Geben Sie ihn ein, um die Änderung zu bestätigen.',
    intro:
      'Geben Sie diesen Code in Ihren Kontoeinstellungen ein, um die Änderung an den Passkeys Ihres {brand}-Kontos zu bestätigen (Hinzufügen, Umbenennen oder Entfernen eines Passkeys):',
    expiry:
      'Der Code ist {minutes} Minuten lang gültig. Wenn Sie das nicht angefordert haben, nutzt möglicherweise jemand Ihr Konto: Melden Sie in Ihren Einstellungen alle anderen Geräte ab und wenden Sie sich an unseren Support.',
  },
  accountDeleted: {
    subject: 'Ihr Konto bei {brand} wurde gelöscht',
    preheader: 'Vielen Dank, dass Sie bei uns waren.',
    intro:
      'Ihr Konto bei {brand} ({email}) und die dazu gespeicherten personenbezogenen Daten wurden wie gewünscht gelöscht. Sie können sich jederzeit wieder mit dieser Adresse registrieren.',
    after: 'Falls Sie Ihr Konto nicht gelöscht haben, wenden Sie sich bitte sofort an unseren Support.',
  },
  twoFactorCode: {
    subject: 'Ihr {brand}-Code für die Zwei-Faktor-Authentifizierung: {code}',
    preheader: 'Geben Sie ihn ein, um die Änderung zu bestätigen.',
    intro:
      'Geben Sie diesen Code in Ihren Kontoeinstellungen ein, um die Änderung der Zwei-Faktor-Authentifizierung Ihres {brand}-Kontos zu bestätigen:',
    expiry:
      'Der Code ist {minutes} Minuten lang gültig. Wenn Sie das nicht angefordert haben, nutzt möglicherweise jemand Ihr Konto: Melden Sie in Ihren Einstellungen alle anderen Geräte ab und wenden Sie sich an unseren Support.',
  },
  twoFactorEnabled: {
    subject: 'Die Zwei-Faktor-Authentifizierung für Ihr {brand}-Konto ist aktiviert',
    preheader: 'Bei der Anmeldung wird jetzt auch ein Code aus Ihrer Authenticator-App abgefragt.',
    intro:
      'für Ihr Konto bei {brand} ({email}) wurde soeben die Zwei-Faktor-Authentifizierung aktiviert. Bei der Anmeldung wird jetzt zusätzlich ein Code aus Ihrer Authenticator-App oder einer Ihrer Wiederherstellungscodes abgefragt.',
    button: 'Einstellungen öffnen',
    notYou: 'Falls Sie das nicht waren, setzen Sie Ihr Passwort bitte sofort zurück und wenden Sie sich an unseren Support.',
  },
  twoFactorDisabled: {
    subject: 'Die Zwei-Faktor-Authentifizierung für Ihr {brand}-Konto ist deaktiviert',
    preheader: 'Bei der Anmeldung wird kein Code mehr abgefragt.',
    intro:
      'für Ihr Konto bei {brand} ({email}) wurde soeben die Zwei-Faktor-Authentifizierung deaktiviert. Bei der Anmeldung wird kein Code aus Ihrer Authenticator-App mehr abgefragt.',
    button: 'Einstellungen öffnen',
    notYou:
      'Falls Sie das nicht waren, setzen Sie Ihr Passwort bitte sofort zurück, aktivieren Sie die Zwei-Faktor-Authentifizierung erneut und wenden Sie sich an unseren Support.',
  },
  twoFactorReset: {
    subject: 'Die Zwei-Faktor-Authentifizierung Ihres {brand}-Kontos wurde zurückgesetzt',
    preheader: 'Unser Support hat sie auf Ihre Anfrage hin deaktiviert.',
    intro:
      'unser Support hat die Zwei-Faktor-Authentifizierung Ihres Kontos bei {brand} ({email}) deaktiviert, wie Sie es nach dem Verlust Ihrer Authenticator-App und Ihrer Wiederherstellungscodes angefragt haben. Ihre Authenticator-App und Ihre Wiederherstellungscodes funktionieren nicht mehr.',
    button: 'Wieder aktivieren',
    after: 'Falls Sie das nicht angefragt haben, setzen Sie Ihr Passwort bitte sofort zurück und wenden Sie sich an unseren Support.',
  },
  wayInAdded: {
    subject: 'Neue Anmeldemöglichkeit für Ihr {brand}-Konto',
    preheader: 'Ab sofort für die Anmeldung nutzbar: {method}.',
    intro: 'Ihrem Konto bei {brand} ({email}) wurde soeben eine neue Anmeldemöglichkeit hinzugefügt: {method}.',
    button: 'Einstellungen öffnen',
    notYou:
      'Falls Sie das nicht waren, entfernen Sie diese Anmeldemöglichkeit in Ihren Einstellungen, ändern Sie bitte sofort Ihr Passwort und wenden Sie sich an unseren Support.',
  },
  wayInRemoved: {
    subject: 'Eine Anmeldemöglichkeit Ihres {brand}-Kontos wurde entfernt',
    preheader: 'Nicht mehr für die Anmeldung nutzbar: {method}.',
    intro:
      'aus Ihrem Konto bei {brand} ({email}) wurde soeben eine Anmeldemöglichkeit entfernt: {method}. Eine Anmeldung damit ist nicht mehr möglich.',
    button: 'Einstellungen öffnen',
    notYou: 'Falls Sie das nicht waren, ändern Sie bitte sofort Ihr Passwort und wenden Sie sich an unseren Support.',
  },
  /** One way in, as the subject of the two notices above ({detail}: a passkey's name, a provider). */
  wayIn: {
    password: 'Passwort',
    identity: 'Ihr {detail}-Konto',
    panelLink: 'Verknüpfung mit einem Hosting-Panel ({detail})',
    passkey: 'Passkey „{detail}“',
    authenticator: 'Authenticator-App',
    recoveryCodes: 'Wiederherstellungscodes (neuer Satz)',
  },
  /** Each kind of way in, as an item of the recovered mail's list. */
  wayInsAddedSince: {
    password: 'das Passwort',
    identity: 'verbundene Anmeldedienste (Google, Microsoft)',
    panelLink: 'Verknüpfungen mit Hosting-Panels',
    passkey: 'Passkeys',
    authenticator: 'die Authenticator-App mit ihren Wiederherstellungscodes',
    recoveryCodes: 'Wiederherstellungscodes',
  },
  teamInvitation: {
    subject: 'Einladung in das Team von {team} bei {brand}',
    preheader: '{inviter} hat Sie in ein Monitoring-Team eingeladen.',
    intro: '{inviter} hat Sie eingeladen, dem Team von {team} bei {brand} beizutreten und dessen Server, Websites und Alarme zu sehen.',
    /** When the team has a name of its own (the lines above name it after its owner). */
    subjectNamed: 'Einladung in das Team „{team}“ bei {brand}',
    introNamed: '{inviter} hat Sie eingeladen, dem Team „{team}“ bei {brand} beizutreten und dessen Server, Websites und Alarme zu sehen.',
    button: 'Einladung annehmen',
    expiry: 'Die Einladung ist {days} Tage gültig, bis {date}.',
    notExpected: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren. Es ändert sich nichts.',
  },
  accountDisabled: {
    subject: 'Ihr {brand}-Konto wurde deaktiviert',
    preheader: 'Sie können sich nicht mehr anmelden.',
    intro:
      'unser Support hat Ihr Konto bei {brand} ({email}) deaktiviert. Sie können sich nicht mehr anmelden, und alle Geräte und Apps wurden abgemeldet.',
    after: 'Falls Sie das für einen Irrtum halten, wenden Sie sich bitte an unseren Support.',
  },
  accountEnabled: {
    subject: 'Ihr {brand}-Konto ist wieder aktiviert',
    preheader: 'Sie können sich wie gewohnt anmelden.',
    intro: 'unser Support hat Ihr Konto bei {brand} ({email}) wieder aktiviert. Sie können sich wie gewohnt anmelden.',
    button: 'Anmelden',
    after: 'Falls Sie damit nicht gerechnet haben, wenden Sie sich bitte an unseren Support.',
  },
  sessionsEndedBySupport: {
    subject: 'Sie wurden von Ihrem {brand}-Konto abgemeldet',
    preheader: 'Melden Sie sich erneut an, um fortzufahren.',
    intro:
      'unser Support hat Ihr Konto bei {brand} ({email}) auf allen Geräten und in allen Apps abgemeldet. Melden Sie sich erneut an, um fortzufahren.',
    button: 'Anmelden',
    after: 'Falls Sie das nicht angefragt haben, ändern Sie bitte sofort Ihr Passwort und wenden Sie sich an unseren Support.',
  },
};

export default de;
