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
  // Teams
  teamInvitation: {
    subject: 'Einladung in das Team von {team} bei {brand}',
    preheader: '{inviter} hat Sie in ein Monitoring-Team eingeladen.',
    intro: '{inviter} hat Sie eingeladen, dem Team von {team} bei {brand} beizutreten und dessen Server, Websites und Alarme zu sehen.',
    button: 'Einladung annehmen',
    expiry: 'Die Einladung ist {days} Tage gültig, bis {date}.',
    notExpected: 'Wenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren. Es ändert sich nichts.',
  },
};

export default de;
