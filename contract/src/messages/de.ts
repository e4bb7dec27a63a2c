import type { ErrorMessages } from '../errors.ts';

const de = {
  'validation.invalid': 'Bitte prüfen Sie die markierten Felder und versuchen Sie es erneut',
  'validation.email_invalid': 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  'validation.email_lookalike':
    'Diese E-Mail-Adresse enthält Zeichen aus verschiedenen Alphabeten. Bitte prüfen Sie sie und versuchen Sie es erneut',
  'validation.password_required': 'Bitte geben Sie Ihr Passwort ein',
  'validation.password_rule':
    'Ihr Passwort darf nicht leer sein. Es sollte mindestens {min} Zeichen lang sein und Kleinbuchstaben, Großbuchstaben, Ziffern oder Sonderzeichen enthalten',
  'validation.password_too_long': 'Ihr Passwort darf höchstens 128 Zeichen lang sein',
  'validation.password_common': 'Dieses Passwort ist zu gängig und leicht zu erraten. Bitte wählen Sie ein anderes',
  'validation.password_contains_email': 'Ihr Passwort darf Ihre E-Mail-Adresse nicht enthalten',
  'validation.password_mismatch': 'Die Passwörter stimmen nicht überein',
  'validation.consent_and_email': 'Bitte erteilen Sie Ihre Einwilligung und geben Sie eine gültige E-Mail-Adresse ein, um fortzufahren',
  'validation.consent_required': 'Bitte erteilen Sie Ihre Einwilligung, um fortzufahren',
  'validation.otp_required': 'Bitte geben Sie den Code ein, den wir Ihnen gesendet haben',
  'otp.invalid': 'Der Code ist ungültig. Bitte prüfen Sie ihn oder fordern Sie einen neuen an',
  'otp.attempts_exceeded': 'Zu viele falsche Eingaben. Bitte fordern Sie einen neuen Code an und versuchen Sie es erneut',
  'panel.invalid_key': 'Diese Panel-Installation ist nicht registriert oder wurde widerrufen',
  'validation.token_required': 'Der Link ist unvollständig. Bitte öffnen Sie ihn erneut über die E-Mail',
  'validation.name_too_long': 'Namen dürfen höchstens 100 Zeichen lang sein',
  'validation.name_invalid': 'Namen dürfen keine Zeilenumbrüche oder anderen Steuerzeichen enthalten',
  'validation.name_link': 'Namen dürfen keine Webadresse enthalten',
  'validation.license_invalid': 'Bitte geben Sie einen Lizenzschlüssel im Format GH-XXXX-XXXX-XXXX-XXXX ein',
  'auth.invalid_credentials': 'E-Mail-Adresse oder Passwort ist falsch',
  'auth.session_required': 'Bitte melden Sie sich an, um fortzufahren',
  'auth.session_not_found': 'Diese Sitzung existiert nicht oder wurde bereits beendet',
  'auth.sso_unavailable':
    'Die Anmeldung über diesen Anbieter ist hier nicht verfügbar. Bitte melden Sie sich mit E-Mail-Adresse und Passwort an',
  'email.verification_failed': 'Ihre E-Mail-Adresse konnte nicht bestätigt werden',
  'token.invalid': 'Es ist ein Fehler aufgetreten. Der Link ist ungültig. Bitte versuchen Sie es erneut',
  'reset.failed': 'Fehler beim Zurücksetzen des Passworts',
  'reset.request_new': 'Bitte fordern Sie eine neue E-Mail zum Zurücksetzen des Passworts an',
  'email.link_used': 'Dieser Link wurde bereits verwendet: Ihr Konto ist eingerichtet. Melden Sie sich an, um fortzufahren',
  'email.link_expired': 'Dieser Link ist abgelaufen. Lassen Sie sich einen neuen senden, um fortzufahren',
  'reset.link_used':
    'Dieser Link zum Zurücksetzen wurde bereits verwendet oder durch einen neueren ersetzt. Melden Sie sich an oder fordern Sie einen neuen Link an',
  'reset.link_expired': 'Dieser Link zum Zurücksetzen ist abgelaufen. Fordern Sie einen neuen an, um fortzufahren',
  'license.activation_failed': 'Aktivierung fehlgeschlagen',
  'license.not_found': 'Dieser Lizenzschlüssel existiert nicht',
  'license.taken': 'Diese Lizenz wird bereits von einem anderen Konto verwendet',
  'license.revoked': 'Diese Lizenz wurde widerrufen',
  'license.expired': 'Diese Lizenz ist abgelaufen',
  'license.account_has_license': 'Ihr Konto hat bereits eine aktive Lizenz',
  'license.wrong_panel':
    'Diese Lizenz gehört zu einem anderen Hosting-Panel. Aktivieren Sie sie in dem Panel, für das sie ausgestellt wurde',
  'rate.limited': 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut',
  'request.malformed': 'Die Anfrage konnte nicht gelesen werden',
  'request.too_large': 'Die Anfrage ist zu groß',
  'request.unsupported_media_type': 'Dieser Inhaltstyp wird nicht unterstützt',
  'request.too_complex': 'Die Anfrage enthält zu viele verschachtelte oder wiederholte Felder',
  'request.cross_site': 'Anfragen von anderen Websites sind nicht zulässig',
  'request.not_found': 'Seite nicht gefunden: {path}',
  'server.busy': 'Der Dienst ist ausgelastet. Bitte versuchen Sie es gleich noch einmal',
  'server.unavailable': 'Der Dienst ist vorübergehend nicht verfügbar. Bitte versuchen Sie es gleich noch einmal',
  'server.internal': 'Interner Serverfehler',
  'network.failed': 'Der Dienst ist nicht erreichbar. Bitte prüfen Sie Ihre Verbindung und versuchen Sie es erneut',
  // Per-account cap on failed sign-ins
  'auth.signin_paused':
    'Die Anmeldung mit dem Passwort ist nach zu vielen Fehlversuchen pausiert. Bitte setzen Sie Ihr Passwort zurück, um sich wieder anzumelden',
  'sso.cancelled': 'Die Anmeldung wurde abgebrochen. Bitte wählen Sie eine Anmeldemethode, um fortzufahren',
  'sso.expired': 'Diese Anmeldung ist abgelaufen oder wurde bereits verwendet. Bitte beginnen Sie erneut',
  'sso.invalid_response':
    'Die Antwort des Anmeldedienstes konnte nicht überprüft werden, daher wurden Sie nicht angemeldet. Bitte versuchen Sie es erneut',
  'sso.provider_unavailable':
    'Der Anmeldedienst ist nicht erreichbar. Bitte versuchen Sie es gleich noch einmal oder melden Sie sich mit E-Mail-Adresse und Passwort an',
  'sso.email_missing':
    'Der Anmeldedienst hat Ihre E-Mail-Adresse nicht übermittelt. Bitte erlauben Sie den Zugriff darauf und versuchen Sie es erneut',
  'sso.email_unverified':
    'Es gibt bereits ein Konto mit dieser E-Mail-Adresse, aber der Anbieter bestätigt nicht, dass die Adresse Ihnen gehört. Melden Sie sich mit Ihrem Passwort an und verbinden Sie den Anbieter dann auf Ihrer Kontoseite',
  'sso.email_not_confirmed':
    'Der Anmeldedienst bestätigt nicht, dass diese E-Mail-Adresse Ihnen gehört. Bitte registrieren Sie sich stattdessen mit Ihrer E-Mail-Adresse',
  'sso.account_disabled': 'Dieses Konto wurde deaktiviert. Wenden Sie sich an den Support, wenn Sie Hilfe benötigen',
  'sso.no_account':
    'Für diese E-Mail-Adresse gibt es noch kein Konto. Erteilen Sie unten Ihre Einwilligung, um eines zu erstellen, und fahren Sie dann erneut fort',
  'sso.identity_taken': 'Dieses Konto des Anbieters ist bereits mit einem anderen Konto verbunden',
  'sso.last_method':
    'Dies ist Ihre einzige Anmeldemöglichkeit. Legen Sie über „Passwort vergessen?“ ein Passwort fest oder verbinden Sie ein weiteres Konto, bevor Sie dieses trennen',
  'sso.identity_not_found': 'Diese Verbindung existiert nicht oder wurde bereits entfernt',
  'oidc.interaction_expired': 'Diese Anmeldung bei der App ist abgelaufen. Gehen Sie zurück zur App und beginnen Sie erneut',
  'oidc.hand_over_invalid':
    'Die Anmeldung aus Ihrem Hosting-Panel ist abgelaufen oder wurde bereits verwendet. Melden Sie sich hier an, um zur App weiterzugehen',
  'oidc.app_not_connected': 'Diese App ist nicht mit Ihrem Konto angemeldet oder wurde bereits abgemeldet',
  'oidc.not_issuer': 'Diese Adresse ist kein OpenID-Connect-Aussteller. Verwenden Sie {issuer}',
  'oidc.invalid_request':
    'Die Anmeldeanfrage der App konnte nicht angenommen werden. Gehen Sie zurück zur App und versuchen Sie es erneut, oder wenden Sie sich an ihren Betreiber',
  'auth.wrong_password': 'Das aktuelle Passwort ist nicht korrekt',
  'account.no_password':
    'Für dieses Konto ist noch kein Passwort festgelegt. Legen Sie zuerst eines über den Link fest, den wir Ihnen senden können',
  'account.confirmation_required': 'Bitte geben Sie zur Bestätigung Ihr Passwort oder den per E-Mail gesendeten Code ein',
  'email_change.same_address': 'Das ist bereits die E-Mail-Adresse Ihres Kontos',
  'email_change.none_pending': 'Es wartet keine Änderung der E-Mail-Adresse auf Bestätigung',
  'email_change.failed':
    'Dieser Link zur Änderung der E-Mail-Adresse ist ungültig oder abgelaufen. Starten Sie die Änderung in Ihren Einstellungen erneut',
  'team.forbidden': 'Nur die Inhaberin oder der Inhaber und die Admins des Teams können das tun',
  'team.not_found': 'Dieses Team existiert nicht, oder Sie sind kein Mitglied',
  'team.member_not_found': 'Diese Person ist kein Mitglied des Teams',
  'team.invitation_not_found': 'Diese Einladung existiert nicht oder ist nicht mehr offen',
  'team.already_member': 'Diese Person ist bereits Mitglied des Teams',
  'team.owner_fixed': 'Wem das Team gehört, kann es weder verlassen noch daraus entfernt werden',
  'team.member_limit': 'Das Team hat die Höchstzahl an Mitgliedern erreicht',
  'team.already_invited': 'Diese Adresse wurde bereits eingeladen. Senden Sie die Einladung erneut, um einen neuen Link zu verschicken',
  'team.name_required': 'Geben Sie einen Namen für das Team ein',
  'team.name_too_long': 'Ein Teamname darf höchstens 60 Zeichen lang sein',
  'team.name_invalid': 'Ein Teamname darf keine Zeilenumbrüche oder andere Steuerzeichen enthalten',
  'team.name_link': 'Ein Teamname darf keine Webadresse enthalten',
  'team.two_factor_required':
    'Dieses Team verlangt die Zwei-Faktor-Authentifizierung. Richten Sie sie in den Sicherheitseinstellungen Ihres Kontos ein und melden Sie sich dann erneut mit Ihrem zweiten Faktor an',
  'team.two_factor_grace_invalid': 'Die Übergangsfrist ist eine ganze Zahl von Tagen, von 0 bis 90',
  'team.invitation_limit':
    'Das Team hat die Höchstzahl offener Einladungen erreicht. Widerrufen Sie eine oder warten Sie, bis eine angenommen wird',
  'invitation.invalid': 'Dieser Einladungslink ist ungültig. Bitte öffnen Sie den vollständigen Link aus der E-Mail',
  'invitation.expired': 'Diese Einladung ist abgelaufen. Bitten Sie das Team um eine neue',
  'invitation.revoked': 'Diese Einladung wurde zurückgezogen. Bitten Sie das Team um eine neue',
  'invitation.used': 'Diese Einladung wurde bereits verwendet',
  'invitation.wrong_account':
    'Diese Einladung wurde an eine andere E-Mail-Adresse gesendet. Melden Sie sich mit dieser Adresse an, um sie anzunehmen',
  'two_factor.code_required': 'Bitte geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein',
  'two_factor.recovery_code_required': 'Bitte geben Sie einen Ihrer Wiederherstellungscodes ein',
  'two_factor.invalid_code': 'Der Code ist ungültig. Geben Sie den aktuellen Code aus Ihrer Authenticator-App ein',
  'two_factor.code_used': 'Dieser Code wurde bereits verwendet. Warten Sie auf den nächsten Code in Ihrer Authenticator-App',
  'two_factor.invalid_recovery_code': 'Dieser Wiederherstellungscode ist ungültig oder wurde bereits verwendet',
  'two_factor.challenge_expired': 'Diese Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an, um fortzufahren',
  'two_factor.attempts_exceeded': 'Zu viele falsche Codes. Bitte melden Sie sich erneut an, um fortzufahren',
  'two_factor.already_enabled': 'Die Zwei-Faktor-Authentifizierung ist für dieses Konto bereits aktiviert',
  'two_factor.not_pending': 'Es wartet keine Authenticator-App auf Bestätigung. Bitte starten Sie die Einrichtung erneut',
  'two_factor.not_enabled': 'Die Zwei-Faktor-Authentifizierung ist für dieses Konto nicht aktiviert',
  'two_factor.proof_required': 'Melden Sie sich erneut mit Ihrem zweiten Faktor an, um Ihre Anmeldemöglichkeiten zu ändern',
  'passkey.unavailable': 'Passkeys sind hier nicht verfügbar. Bitte melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an',
  'passkey.expired': 'Diese Passkey-Anfrage ist abgelaufen oder wurde bereits verwendet. Bitte versuchen Sie es erneut',
  'passkey.invalid': 'Der Passkey konnte nicht geprüft werden, daher wurde nichts geändert. Bitte versuchen Sie es erneut',
  'passkey.unknown':
    'Dieser Passkey ist auf dieser Website nicht registriert. Melden Sie sich auf andere Weise an und fügen Sie dann in Ihren Einstellungen einen Passkey hinzu',
  'passkey.counter_regressed':
    'Dieser Passkey hat weniger Verwendungen gemeldet als zuvor – ein Hinweis darauf, dass er kopiert worden sein könnte – und wurde daher abgelehnt. Melden Sie sich auf andere Weise an und prüfen Sie Ihre Passkeys in den Einstellungen',
  'passkey.cancelled':
    'Die Passkey-Anfrage wurde abgebrochen oder ist abgelaufen. Versuchen Sie es erneut oder melden Sie sich auf andere Weise an',
  'passkey.not_found': 'Dieser Passkey existiert nicht oder wurde bereits entfernt',
  'passkey.last_method':
    'Dieser Passkey ist Ihre einzige Möglichkeit, sich anzumelden. Legen Sie über „Passwort vergessen?“ ein Passwort fest oder fügen Sie einen weiteren Passkey hinzu, bevor Sie diesen entfernen',
  'passkey.name_invalid': 'Der Name eines Passkeys muss 1 bis 60 Zeichen lang sein und darf keine Zeilenumbrüche enthalten',
  'passkey.limit': 'Sie haben die Höchstzahl von 10 Passkeys erreicht. Entfernen Sie einen, bevor Sie einen weiteren hinzufügen',
  'passkey.already_added': 'Dieser Passkey ist bereits registriert. Melden Sie sich damit an oder wählen Sie einen anderen',
  'auth.account_disabled': 'Dieses Konto ist deaktiviert. Bitte wenden Sie sich an den Support',
  'admin.token_required': 'Senden Sie ein Admin-Token (Authorization: Bearer …), um die Admin-API zu nutzen',
  'admin.scope_required': 'Dieses Admin-Token oder diese Rolle erlaubt diese Aktion nicht',
  'admin.reason_required': 'Geben Sie einen Grund für diese Aktion an (höchstens 500 Zeichen)',
  'admin.account_not_found': 'Es gibt kein Konto mit dieser ID',
  'admin.already_disabled': 'Dieses Konto ist bereits deaktiviert',
  'admin.not_disabled': 'Dieses Konto ist nicht deaktiviert',
  'admin.already_verified': 'Dieses Konto hat seine E-Mail-Adresse bereits bestätigt',
  'admin.account_disabled': 'Dieses Konto ist deaktiviert. Aktivieren Sie es zuerst',
  'admin.no_sign_in_pause': 'Die Anmeldung ist für dieses Konto nicht pausiert',
  'admin.license_not_found': 'Es gibt keine Lizenz mit dieser ID',
  'admin.license_revoked': 'Diese Lizenz ist widerrufen und kann nicht geändert werden',
  'admin.team_not_found': 'Es gibt kein Team mit dieser ID',
  'admin.expiry_invalid': 'Geben Sie das neue Ablaufdatum als Datum in der Zukunft an',
  'admin.fresh_proof_required':
    'Bestätigen Sie zuerst, dass Sie es sind: Ihre Anmeldung ist älter als 5 Minuten. Geben Sie Ihr Passwort und einen Code aus Ihrer Authenticator-App ein',
  'console.signed_out': 'Ihre Konsolensitzung ist beendet. Melden Sie sich erneut an',
  'console.csrf_invalid': 'Diese Anfrage kam nicht von der Konsole. Laden Sie die Seite neu und versuchen Sie es noch einmal',
  'console.not_operator': 'Dieses Konto ist kein Operator. Bitten Sie einen Eigentümer dieses Gatehouse, Ihnen eine Rolle zu geben',
  'console.second_factor_required':
    'Die Konsole braucht eine Anmeldung mit zwei Faktoren. Melden Sie sich bei Gatehouse ab und dann mit Passwort und Authenticator-Code oder mit einem Passkey an',
  'console.sign_in_failed': 'Die Anmeldung an der Konsole wurde nicht abgeschlossen. Versuchen Sie es noch einmal',
  'console.proof_needs_authenticator':
    'Zur Bestätigung braucht Ihr Konto eine Authenticator-App. Fügen Sie sie in Ihren Einstellungen hinzu',
  'console.code_required': 'Geben Sie den aktuellen Code aus Ihrer Authenticator-App ein',
  'console.not_built': 'Die Konsole ist auf diesem Server nicht gebaut. Führen Sie npm run build aus',
} satisfies ErrorMessages;

export default de;
