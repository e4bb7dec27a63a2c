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
  // Per-account cap on failed sign-ins
  signinPaused: {
    subject: 'Qualcuno sta cercando di accedere al tuo account {brand}',
    preheader: 'L’accesso con la password è sospeso finché non ne scegli una nuova.',
    intro:
      'Ci sono stati molti tentativi non riusciti di accedere al tuo account {brand} ({email}) con una password errata. Per proteggere il tuo account, l’accesso con la password è sospeso. Scegli una nuova password per accedere di nuovo.',
    button: 'Scegli una nuova password',
    after:
      'La tua password non è stata modificata. Se non hai provato ad accedere, qualcuno potrebbe cercare di indovinare la tua password: scegline una nuova che non usi altrove.',
  },
  ssoLinked: {
    subject: '{provider} è stato collegato al tuo account {brand}',
    preheader: 'Ora puoi accedere con {provider}.',
    intro:
      'Un account {provider} è stato appena collegato al tuo account {brand} ({email}). D’ora in poi puoi accedere anche con {provider}.',
    button: 'Apri il tuo account',
    notYou: 'Se non sei stato tu, apri il tuo account, scollega {provider} e contatta il nostro supporto.',
  },
  passwordUpdated: {
    subject: 'La password del tuo account {brand} è stata modificata',
    preheader: 'È stata effettuata la disconnessione da tutti gli altri dispositivi.',
    intro:
      'La password del tuo account {brand} ({email}) è appena stata modificata dalle impostazioni dell’account. È stata effettuata la disconnessione da tutti gli altri dispositivi.',
    button: 'Accedi',
    notYou: 'Se non hai effettuato tu questa modifica, reimposta subito la password e contatta il nostro supporto.',
  },
  emailChangeVerify: {
    subject: 'Conferma il tuo nuovo indirizzo email per {brand}',
    preheader: 'Un clic e il tuo account userà questo indirizzo.',
    intro:
      'Hai chiesto di usare {email} per il tuo account {brand}. Conferma che è il tuo indirizzo: solo allora la modifica avrà effetto.',
    button: 'Conferma il nuovo indirizzo',
    expiry: 'Il link è valido per {hours} ore.',
  },
  emailChangeCode: {
    subject: 'Il tuo codice {brand} per confermare il nuovo indirizzo email: {code}',
    preheader: 'Inseriscilo per confermare il nuovo indirizzo.',
    intro:
      'Hai chiesto di usare {email} per il tuo account {brand}. Inserisci questo codice nelle impostazioni per confermare il nuovo indirizzo:',
    expiry: 'Il codice è valido per {minutes} minuti.',
  },
  emailChangeNotice: {
    subject: 'L’indirizzo email del tuo account {brand} sta per cambiare',
    preheader: 'Se non sei stato tu, fermalo ora.',
    intro:
      'Una persona che ha eseguito l’accesso al tuo account {brand} ha chiesto di cambiarne l’indirizzo email in {email}. La modifica avrà effetto quando il nuovo indirizzo sarà confermato.',
    button: 'Non sono stato io: ferma la modifica',
    notYou:
      'Fermando la modifica verranno disconnessi anche tutti i dispositivi e la password attuale smetterà di funzionare, perché chi ha fatto la richiesta la conosce; poi riceverai a questo indirizzo un link per sceglierne una nuova.',
  },
  accountRecovered: {
    subject: 'Scegli una nuova password per il tuo account {brand}',
    preheader: 'Il cambio di indirizzo email è stato fermato e tutti i dispositivi disconnessi.',
    intro:
      'Hai fermato un cambio dell’indirizzo email del tuo account {brand} ({email}). Tutti i dispositivi sono stati disconnessi e la password non funziona più, perché chi ha chiesto la modifica la conosceva.',
    /** Followed by the list of what went, in `wayInsAddedSince`. */
    removedSince: 'È stato rimosso quanto aggiunto dopo la richiesta: {removed}.',
    button: 'Scegli una nuova password',
    expiry:
      'Il link è valido per {minutes} minuti e funziona una sola volta. Dopo, chiedine uno nuovo con “Password dimenticata?” nella pagina di accesso.',
  },
  emailChangeTaken: {
    subject: 'Il tuo indirizzo email è già usato su {brand}',
    preheader: 'Nessun indirizzo è stato modificato.',
    intro:
      'Qualcuno ha provato a spostare un altro account {brand} su questo indirizzo email. Questo indirizzo ha già un suo account, quindi non è stato modificato nulla.',
    button: 'Accedi',
  },
  deletionCode: {
    subject: 'Il tuo codice {brand} per eliminare l’account: {code}',
    preheader: 'Inseriscilo per confermare l’eliminazione.',
    intro: 'Inserisci questo codice nelle impostazioni per confermare che il tuo account {brand} deve essere eliminato definitivamente:',
    expiry: 'Il codice è valido per {minutes} minuti. Se non l’hai richiesto, ignora questa email: il tuo account resta com’è.',
  },
  ssoLinkCode: {
    subject: 'Il tuo codice {brand} per collegare un servizio di accesso: {code}',
    preheader: 'Inseriscilo per confermare il collegamento.',
    intro:
      'Inserisci questo codice nelle impostazioni dell’account per confermare che Google o Microsoft venga collegato al tuo account {brand}:',
    expiry:
      'Il codice è valido per {minutes} minuti. Se non l’hai richiesto, qualcuno potrebbe usare il tuo account: disconnetti tutti gli altri dispositivi dalle impostazioni e contatta il nostro supporto.',
  },
  passkeyCode: {
    subject: 'Il tuo codice {brand} per modificare le tue passkey: {code}',
    preheader: 'Inseriscilo per confermare la modifica.',
    intro:
      'Inserisci questo codice nelle impostazioni dell’account per confermare la modifica delle passkey del tuo account {brand} (per aggiungerne, rinominarne o rimuoverne una):',
    expiry:
      'Il codice è valido per {minutes} minuti. Se non l’hai richiesto, qualcuno potrebbe usare il tuo account: disconnetti tutti gli altri dispositivi dalle impostazioni e contatta il nostro supporto.',
  },
  accountDeleted: {
    subject: 'Il tuo account {brand} è stato eliminato',
    preheader: 'Grazie per essere stato con noi.',
    intro:
      'Il tuo account {brand} ({email}) e i dati personali salvati con esso sono stati eliminati, come hai chiesto. Puoi registrarti di nuovo con questo indirizzo in qualsiasi momento.',
    after: 'Se non hai eliminato tu l’account, contatta subito il nostro supporto.',
  },
  twoFactorCode: {
    subject: 'Il tuo codice {brand} per l’autenticazione a due fattori: {code}',
    preheader: 'Inseriscilo per confermare la modifica.',
    intro:
      'Inserisci questo codice nelle impostazioni del tuo account per confermare la modifica dell’autenticazione a due fattori del tuo account {brand}:',
    expiry:
      'Il codice è valido per {minutes} minuti. Se non l’hai richiesto tu, qualcuno potrebbe usare il tuo account: disconnetti tutti gli altri dispositivi dalle impostazioni e contatta il nostro supporto.',
  },
  twoFactorEnabled: {
    subject: 'L’autenticazione a due fattori è attiva per il tuo account {brand}',
    preheader: 'L’accesso ora chiede anche un codice della tua app di autenticazione.',
    intro:
      'L’autenticazione a due fattori è appena stata attivata per il tuo account {brand} ({email}). L’accesso ora chiede anche un codice della tua app di autenticazione, o uno dei tuoi codici di recupero.',
    button: 'Apri le impostazioni',
    notYou: 'Se non sei stato tu, reimposta subito la password e contatta il nostro supporto.',
  },
  twoFactorDisabled: {
    subject: 'L’autenticazione a due fattori è disattivata per il tuo account {brand}',
    preheader: 'L’accesso non chiede più alcun codice.',
    intro:
      'L’autenticazione a due fattori è appena stata disattivata per il tuo account {brand} ({email}). L’accesso non chiede più un codice della tua app di autenticazione.',
    button: 'Apri le impostazioni',
    notYou: 'Se non sei stato tu, reimposta subito la password, riattiva l’autenticazione a due fattori e contatta il nostro supporto.',
  },
  twoFactorReset: {
    subject: 'L’autenticazione a due fattori del tuo account {brand} è stata reimpostata',
    preheader: 'Il nostro supporto l’ha disattivata su tua richiesta.',
    intro:
      'Il nostro supporto ha disattivato l’autenticazione a due fattori del tuo account {brand} ({email}), come hai chiesto dopo aver perso la tua app di autenticazione e i codici di recupero. Non funzionano più.',
    button: 'Riattivala',
    after: 'Se non l’hai chiesto tu, reimposta subito la password e contatta il nostro supporto.',
  },
  wayInAdded: {
    subject: 'Un nuovo modo per accedere al tuo account {brand}',
    preheader: '{method} ora consente di accedere al tuo account.',
    intro: '{method} è ora uno dei modi per accedere al tuo account {brand} ({email}).',
    button: 'Apri le impostazioni',
    notYou:
      'Se non sei stato tu, rimuovi questo modo per accedere nelle impostazioni, cambia subito la password e contatta il nostro supporto.',
  },
  wayInRemoved: {
    subject: 'Un modo per accedere al tuo account {brand} è stato rimosso',
    preheader: '{method} non consente più di accedere al tuo account.',
    intro: '{method} non è più uno dei modi per accedere al tuo account {brand} ({email}).',
    button: 'Apri le impostazioni',
    notYou: 'Se non sei stato tu, cambia subito la password e contatta il nostro supporto.',
  },
  /** One way in, as the subject of the two notices above ({detail}: a passkey's name, a provider). */
  wayIn: {
    password: 'Una password',
    identity: 'Il tuo account {detail}',
    panelLink: 'Un collegamento con un pannello di hosting ({detail})',
    passkey: 'La passkey «{detail}»',
    authenticator: 'Un’app di autenticazione',
    recoveryCodes: 'Un nuovo set di codici di recupero',
  },
  /** Each kind of way in, as an item of the recovered mail's list. */
  wayInsAddedSince: {
    password: 'la password',
    identity: 'i collegamenti di accesso (Google, Microsoft)',
    panelLink: 'i collegamenti con pannelli di hosting',
    passkey: 'le passkey',
    authenticator: 'l’app di autenticazione con i suoi codici di recupero',
    recoveryCodes: 'i codici di recupero',
  },
  teamInvitation: {
    subject: 'Unisciti al team di {team} su {brand}',
    preheader: '{inviter} ti ha invitato nel suo team di monitoraggio.',
    intro: '{inviter} ti ha invitato a unirti al team di {team} su {brand}, per vederne server, siti web e avvisi.',
    /** When the team has a name of its own (the lines above name it after its owner). */
    subjectNamed: 'Unisciti al team «{team}» su {brand}',
    introNamed: '{inviter} ti ha invitato a unirti al team «{team}» su {brand}, per vederne server, siti web e avvisi.',
    button: 'Accetta l’invito',
    expiry: 'L’invito è valido per {days} giorni, fino al {date}.',
    notExpected: 'Se non ti aspettavi questo invito, puoi ignorare questa email. Non cambierà nulla.',
  },
  accountDisabled: {
    subject: 'Il tuo account {brand} è stato disattivato',
    preheader: 'Non puoi più accedere.',
    intro:
      'Il nostro supporto ha disattivato il tuo account {brand} ({email}). Non puoi più accedervi ed è stata chiusa la sessione su tutti i dispositivi e le app.',
    after: 'Se pensi che si tratti di un errore, contatta il nostro supporto.',
  },
  accountEnabled: {
    subject: 'Il tuo account {brand} è di nuovo attivo',
    preheader: 'Puoi accedere come prima.',
    intro: 'Il nostro supporto ha riattivato il tuo account {brand} ({email}). Puoi accedere come prima.',
    button: 'Accedi',
    after: 'Se non te lo aspettavi, contatta il nostro supporto.',
  },
  sessionsEndedBySupport: {
    subject: 'È stata chiusa la sessione del tuo account {brand}',
    preheader: 'Accedi di nuovo per continuare.',
    intro:
      'Il nostro supporto ha chiuso la sessione del tuo account {brand} ({email}) su tutti i dispositivi e le app. Accedi di nuovo per continuare.',
    button: 'Accedi',
    after: 'Se non l’hai chiesto tu, cambia subito la password e contatta il nostro supporto.',
  },
};

export default it;
