import type { MailMessages } from './en.ts';

const it: MailMessages = {
  common: {
    greeting: 'Ciao,',
    signature: 'Il team di {brand}',
    buttonFallback: 'Se il pulsante non funziona, copia questo indirizzo nel browser:',
    ignore: 'Se non hai richiesto tu questa operazione, puoi ignorare questa email. Non cambierà nulla.',
    footer: 'Ricevi questa email perché questo indirizzo è stato inserito su {brand}.',
  },
  verifyEmail: {
    subject: 'Conferma il tuo indirizzo email per {brand}',
    preheader: 'Basta un clic e il tuo account è pronto.',
    intro:
      'Grazie per la registrazione a {brand}. Conferma che questo è il tuo indirizzo email per continuare a configurare il tuo account.',
    button: 'Conferma indirizzo email',
    expiry: 'Il link è valido per {hours} ore.',
  },
  alreadyRegistered: {
    subject: 'Hai già un account {brand}',
    preheader: 'Non è stato creato alcun nuovo account.',
    intro:
      'Qualcuno (speriamo tu) ha provato a registrarsi a {brand} con questo indirizzo email. Poiché hai già un account, non ne è stato creato uno nuovo.',
    button: 'Accedi',
    reset: 'Hai dimenticato la password? Puoi sceglierne una nuova qui:',
  },
  passwordReset: {
    subject: 'Reimposta la password del tuo account {brand}',
    preheader: 'Scegli una nuova password per il tuo account.',
    intro:
      'Abbiamo ricevuto una richiesta di reimpostazione della password del tuo account {brand}. Scegli una nuova password con il pulsante qui sotto.',
    button: 'Scegli una nuova password',
    expiry: 'Il link è valido per {minutes} minuti e può essere usato una sola volta.',
  },
  passwordChanged: {
    subject: 'La password del tuo account {brand} è stata modificata',
    preheader: 'È stata effettuata la disconnessione da tutti i dispositivi.',
    intro:
      'La password del tuo account {brand} ({email}) è appena stata modificata. È stata effettuata la disconnessione da tutti i dispositivi su cui avevi eseguito l’accesso.',
    button: 'Accedi',
    notYou: 'Se non hai effettuato tu questa modifica, reimposta subito la password e contatta il nostro supporto.',
  },
  signupCode: {
    subject: 'Il tuo codice di verifica {brand}: {code}',
    preheader: 'Inseriscilo per confermare il tuo indirizzo email.',
    intro: 'Inserisci questo codice per confermare il tuo indirizzo email e completare la configurazione del tuo account {brand}:',
    expiry: 'Il codice è valido per {minutes} minuti.',
  },
  resetCode: {
    subject: 'Il tuo codice per reimpostare la password di {brand}: {code}',
    preheader: 'Inseriscilo per scegliere una nuova password.',
    intro: 'Inserisci questo codice per scegliere una nuova password per il tuo account {brand}:',
    expiry: 'Il codice è valido per {minutes} minuti.',
  },
  // Teams
  teamInvitation: {
    subject: 'Unisciti al team di {team} su {brand}',
    preheader: '{inviter} ti ha invitato nel suo team di monitoraggio.',
    intro: '{inviter} ti ha invitato a unirti al team di {team} su {brand}, per vederne server, siti web e avvisi.',
    button: 'Accetta l’invito',
    expiry: 'L’invito è valido per {days} giorni, fino al {date}.',
    notExpected: 'Se non ti aspettavi questo invito, puoi ignorare questa email. Non cambierà nulla.',
  },
};

export default it;
