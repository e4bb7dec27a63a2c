import type { ErrorMessages } from '../errors.ts';

const it = {
  'validation.invalid': 'Controlla i campi evidenziati e riprova',
  'validation.email_invalid': 'Inserisci un indirizzo email valido',
  'validation.email_lookalike': 'Questo indirizzo email contiene caratteri di alfabeti diversi. Controllalo e riprova',
  'validation.password_required': 'Inserisci la password',
  'validation.password_rule':
    'La password non può essere vuota e deve contenere almeno {min} caratteri, tra cui lettere minuscole, lettere maiuscole, numeri o caratteri speciali',
  'validation.password_too_long': 'La password può contenere al massimo 128 caratteri',
  'validation.password_common': 'Questa password è troppo comune e facile da indovinare. Scegline un’altra',
  'validation.password_contains_email': 'La password non deve contenere il tuo indirizzo email',
  'validation.password_mismatch': 'Le password non corrispondono',
  'validation.consent_and_email': 'Per continuare, dai il tuo consenso e inserisci un indirizzo email valido',
  'validation.consent_required': 'Per continuare, dai il tuo consenso',
  'validation.otp_required': 'Inserisci il codice che ti abbiamo inviato',
  'otp.invalid': 'Il codice non è valido. Controllalo o richiedine uno nuovo',
  'otp.attempts_exceeded': 'Troppi codici errati. Richiedi un nuovo codice e riprova',
  'panel.invalid_key': 'Questa installazione del pannello non è registrata o è stata revocata',
  'validation.token_required': 'Il link è incompleto. Aprilo di nuovo dall’email',
  'validation.name_too_long': 'I nomi possono contenere al massimo 100 caratteri',
  'validation.license_invalid': 'Inserisci una chiave di licenza nel formato GH-XXXX-XXXX-XXXX-XXXX',
  'auth.invalid_credentials': 'Indirizzo email o password non corretti',
  'auth.session_required': 'Accedi per continuare',
  'auth.session_not_found': 'Questa sessione non esiste o è già terminata',
  'auth.sso_unavailable': 'L’accesso con questo provider non è disponibile qui. Accedi con la tua email e la tua password',
  'email.verification_failed': 'Non è stato possibile verificare il tuo indirizzo email',
  'token.invalid': 'Si è verificato un errore. Il link non è valido. Riprova',
  'reset.failed': 'Errore durante la reimpostazione della password',
  'reset.request_new': 'Richiedi una nuova email per reimpostare la password',
  'email.link_used': 'Questo link è già stato usato: il tuo account è configurato. Accedi per continuare',
  'email.link_expired': 'Questo link è scaduto. Richiedine uno nuovo per continuare',
  'reset.link_used':
    'Questo link di reimpostazione è già stato usato o sostituito da uno più recente. Accedi oppure richiedi un nuovo link',
  'reset.link_expired': 'Questo link di reimpostazione è scaduto. Richiedine uno nuovo per continuare',
  'license.activation_failed': 'Attivazione non riuscita',
  'license.not_found': 'Questa chiave di licenza non esiste',
  'license.taken': 'Questa licenza è già utilizzata da un altro account',
  'license.revoked': 'Questa licenza è stata revocata',
  'license.expired': 'Questa licenza è scaduta',
  'license.account_has_license': 'Il tuo account ha già una licenza attiva',
  'license.wrong_panel': 'Questa licenza appartiene a un altro pannello di hosting. Attivala dal pannello per cui è stata emessa',
  'rate.limited': 'Troppi tentativi. Attendi qualche istante e riprova',
  'request.malformed': 'Impossibile leggere la richiesta',
  'request.too_large': 'La richiesta è troppo grande',
  'request.unsupported_media_type': 'Questo tipo di contenuto non è supportato',
  'request.too_complex': 'La richiesta contiene troppi campi nidificati o ripetuti',
  'request.cross_site': 'Le richieste provenienti da altri siti non sono consentite',
  'request.not_found': 'Pagina non trovata: {path}',
  'server.busy': 'Il servizio è sovraccarico. Riprova tra qualche istante',
  'server.unavailable': 'Il servizio è temporaneamente non disponibile. Riprova tra qualche istante',
  'server.internal': 'Errore interno del server',
  'network.failed': 'Impossibile raggiungere il servizio. Controlla la connessione e riprova',
  // Per-account cap on failed sign-ins
  'auth.signin_paused':
    'L’accesso con la password è sospeso dopo troppi tentativi non riusciti. Reimposta la password per accedere di nuovo',
  // Single sign-on
  'sso.cancelled': 'L’accesso è stato annullato. Scegli un modo per accedere e continuare',
  'sso.expired': 'Questo accesso è scaduto o è già stato usato. Ricomincia',
  'sso.invalid_response': 'Non è stato possibile verificare la risposta del servizio di accesso, quindi l’accesso non è avvenuto. Riprova',
  'sso.provider_unavailable':
    'Il servizio di accesso non è raggiungibile. Riprova tra un momento oppure usa la tua email e la tua password',
  'sso.email_missing': 'Il servizio di accesso non ha condiviso il tuo indirizzo email. Consenti l’accesso all’indirizzo e riprova',
  'sso.email_unverified':
    'Esiste già un account con questo indirizzo email, ma il fornitore non conferma che l’indirizzo sia tuo. Accedi con la tua password, poi collega il fornitore dalla pagina del tuo account',
  'sso.email_not_confirmed':
    'Il servizio di accesso non conferma che questo indirizzo email sia tuo. Registrati invece con il tuo indirizzo email',
  'sso.account_disabled': 'Questo account è stato disattivato. Contatta l’assistenza se hai bisogno di aiuto',
  'sso.no_account':
    'Non esiste ancora un account per questo indirizzo email. Accetta il consenso qui sotto per crearne uno, poi continua di nuovo',
  'sso.identity_taken': 'Questo account del fornitore è già collegato a un altro account',
  'sso.last_method':
    'Questo è il tuo unico modo per accedere. Imposta una password con «Password dimenticata?» o collega un altro account prima di scollegare questo',
  'sso.identity_not_found': 'Questo collegamento non esiste o è già stato rimosso',
  // Account settings
  'auth.wrong_password': 'La password attuale non è corretta',
  'account.no_password': 'Questo account non ha ancora una password. Impostala prima con il link che possiamo inviarti',
  'account.confirmation_required': 'Inserisci la password, o il codice che ti abbiamo inviato, per confermare',
  'email_change.same_address': 'Questo è già l’indirizzo email del tuo account',
  'email_change.failed': 'Questo link per cambiare l’email non è valido o è scaduto. Ripeti la modifica dalle impostazioni',
  // Teams
  'team.forbidden': 'Solo il proprietario e gli amministratori del team possono farlo',
  'team.not_found': 'Questo team non esiste oppure non ne fai parte',
  'team.member_not_found': 'Questa persona non è un membro del team',
  'team.invitation_not_found': 'Questo invito non esiste o non è più in sospeso',
  'team.already_member': 'Questa persona è già membro del team',
  'team.owner_fixed': 'Il proprietario di un team non può lasciarlo né esserne rimosso',
  'team.member_limit': 'Il team ha raggiunto il numero massimo di membri',
  'team.invitation_limit':
    'Il team ha raggiunto il numero massimo di inviti in sospeso. Revocane uno o attendi che un invito venga accettato',
  'invitation.invalid': 'Questo link di invito non è valido. Verifica di aver aperto il link completo dell’email',
  'invitation.expired': 'Questo invito è scaduto. Chiedi al team di inviartene uno nuovo',
  'invitation.revoked': 'Questo invito è stato ritirato. Chiedi al team di inviartene uno nuovo',
  'invitation.used': 'Questo invito è già stato utilizzato',
  'invitation.wrong_account': 'Questo invito è stato inviato a un altro indirizzo email. Accedi con quell’indirizzo per accettarlo',
} satisfies ErrorMessages;

export default it;
