import type { StepsTexts } from './en-steps.ts';

const itSteps: StepsTexts = {
  twoFactor: {
    heading: 'Autenticazione a due fattori',
    intro: 'Inserisci il codice di 6 cifre della tua app di autenticazione per completare l’accesso.',
    recoveryIntro:
      'Inserisci uno dei codici di recupero che hai salvato quando hai attivato l’autenticazione a due fattori. Ogni codice funziona una sola volta.',
    codeLabel: 'Codice di autenticazione',
    codeHint: 'Apri la tua app di autenticazione e digita il codice che mostra ora.',
    recoveryLabel: 'Codice di recupero',
    recoveryHint: 'Dieci lettere e cifre, ad esempio abcde-fgh23.',
    submit: 'Verifica e accedi',
    useRecovery: 'Usa invece un codice di recupero',
    useApp: 'Usa invece l’app di autenticazione',
    ended: 'Questo accesso è terminato.',
    signInAgain: 'Accedi di nuovo',
    lost: 'Hai perso il telefono e i codici di recupero? {support} per reimpostare l’autenticazione a due fattori.',
    contactSupport: 'Contatta l’assistenza',
    lostNoSupport:
      'Hai perso il telefono e i codici di recupero? Chiedi al gestore di questo servizio di reimpostare l’autenticazione a due fattori.',
    back: 'Torna all’accesso',
  },
  verify: {
    checking: 'Conferma del tuo indirizzo email in corso…',
    failedHint: 'Il link potrebbe essere scaduto o essere già stato usato. Registrati di nuovo per riceverne uno nuovo.',
    startAgain: 'Registrati di nuovo',
    sendNew: 'Invia un nuovo link',
  },
  reset: {
    heading: 'Imposta una nuova password',
    intro:
      'Scegli una nuova password per il tuo account. Verrà effettuata la disconnessione da tutti i dispositivi su cui hai eseguito l’accesso.',
    submit: 'Cambia password',
    successHeading: 'Password modificata',
    success: 'La tua password è stata modificata. Tra {seconds, plural, one {# secondo} other {# secondi}} si aprirà la pagina di accesso.',
    backToLogin: 'Torna all’accesso',
    requestNew: 'Richiedi un nuovo link',
    usedHeading: 'Questo link è già stato usato',
    usedIntro:
      'Questo link di reimpostazione è già stato usato o è stato sostituito da uno più recente. Accedi oppure richiedi un nuovo link.',
    expiredHeading: 'Questo link è scaduto',
    expiredIntro: 'Questo link di reimpostazione è scaduto. Richiedine uno nuovo per continuare.',
    deadHeading: 'Questo link non funziona',
    codeIntro:
      'Inserisci il codice di 6 cifre che abbiamo inviato a {email} e scegli una nuova password. Tutti i dispositivi connessi verranno disconnessi.',
    noCode: 'Non hai ricevuto il codice?',
    requestCode: 'Richiedi un nuovo codice',
  },
  appSignOut: {
    heading: 'Uscire?',
    intro: 'Un’app ha chiesto di disconnetterti. Uscendo termina la tua sessione qui e vieni disconnesso dalle app aperte con essa.',
    submit: 'Esci',
    stay: 'Resta connesso',
    doneHeading: 'Disconnesso',
    done: 'La tua sessione qui è terminata, e anche nelle app aperte con essa.',
    signInAgain: 'Accedi di nuovo',
  },
};

export default itSteps;
