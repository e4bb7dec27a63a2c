import type { ErrorMessages } from '../errors.ts';

const fr = {
  'validation.invalid': 'Vérifiez les champs signalés et réessayez',
  'validation.email_invalid': 'Saisissez une adresse e-mail valide',
  'validation.email_lookalike': 'Cette adresse e-mail mélange des caractères de différents alphabets. Vérifiez-la et réessayez',
  'validation.password_required': 'Saisissez votre mot de passe',
  'validation.password_rule':
    'Votre mot de passe ne doit pas être vide et doit comporter au moins {min}\u00a0caractères, dont des minuscules, des majuscules, des chiffres ou des caractères spéciaux',
  'validation.password_too_long': 'Votre mot de passe ne peut pas dépasser 128\u00a0caractères',
  'validation.password_common': 'Ce mot de passe est trop courant et facile à deviner. Choisissez-en un autre',
  'validation.password_contains_email': 'Votre mot de passe ne doit pas contenir votre adresse e-mail',
  'validation.password_mismatch': 'Les mots de passe ne correspondent pas',
  'validation.consent_and_email': 'Donnez votre consentement et saisissez une adresse e-mail valide pour continuer',
  'validation.consent_required': 'Donnez votre consentement pour continuer',
  'validation.otp_required': 'Saisissez le code que nous vous avons envoyé',
  'otp.invalid': 'Le code n’est pas valide. Vérifiez-le ou demandez-en un nouveau',
  'otp.attempts_exceeded': 'Trop de codes incorrects. Demandez un nouveau code et réessayez',
  'panel.invalid_key': 'Cette installation du panneau n’est pas enregistrée ou a été révoquée',
  'validation.token_required': 'Le lien est incomplet. Ouvrez-le à nouveau depuis l’e-mail',
  'validation.name_too_long': 'Les noms ne peuvent pas dépasser 100\u00a0caractères',
  'validation.license_invalid': 'Saisissez une clé de licence au format GH-XXXX-XXXX-XXXX-XXXX',
  'auth.invalid_credentials': 'Adresse e-mail ou mot de passe incorrect',
  'auth.session_required': 'Connectez-vous pour continuer',
  'auth.session_not_found': 'Cette session n’existe pas ou est déjà terminée',
  'auth.sso_unavailable':
    'La connexion avec ce fournisseur n’est pas disponible ici. Connectez-vous avec votre adresse e-mail et votre mot de passe',
  'email.verification_failed': 'Votre adresse e-mail n’a pas pu être vérifiée',
  'token.invalid': 'Une erreur s’est produite. Le lien n’est pas valide. Veuillez réessayer',
  'reset.failed': 'Erreur lors de la réinitialisation du mot de passe',
  'reset.request_new': 'Veuillez demander un nouvel e-mail de réinitialisation du mot de passe',
  'email.link_used': 'Ce lien a déjà été utilisé : votre compte est configuré. Connectez-vous pour continuer',
  'email.link_expired': 'Ce lien a expiré. Demandez-en un nouveau pour continuer',
  'reset.link_used':
    'Ce lien de réinitialisation a déjà été utilisé ou remplacé par un plus récent. Connectez-vous ou demandez un nouveau lien',
  'reset.link_expired': 'Ce lien de réinitialisation a expiré. Demandez-en un nouveau pour continuer',
  'license.activation_failed': 'Échec de l’activation',
  'license.not_found': 'Cette clé de licence n’existe pas',
  'license.taken': 'Cette licence est déjà utilisée par un autre compte',
  'license.revoked': 'Cette licence a été révoquée',
  'license.expired': 'Cette licence a expiré',
  'license.account_has_license': 'Votre compte dispose déjà d’une licence active',
  'license.wrong_panel':
    'Cette licence appartient à un autre panneau d’hébergement. Activez-la depuis le panneau pour lequel elle a été émise',
  'rate.limited': 'Trop de tentatives. Patientez un instant, puis réessayez',
  'request.malformed': 'La requête n’a pas pu être lue',
  'request.too_large': 'La requête est trop volumineuse',
  'request.unsupported_media_type': 'Ce type de contenu n’est pas pris en charge',
  'request.too_complex': 'La requête contient trop de champs imbriqués ou répétés',
  'request.cross_site': 'Les requêtes provenant d’autres sites ne sont pas autorisées',
  'request.not_found': 'Page introuvable\u00a0: {path}',
  'server.busy': 'Le service est surchargé. Veuillez réessayer dans un instant',
  'server.unavailable': 'Le service est temporairement indisponible. Veuillez réessayer dans un instant',
  'server.internal': 'Erreur interne du serveur',
  'network.failed': 'Impossible de joindre le service. Vérifiez votre connexion et réessayez',
  // Per-account cap on failed sign-ins
  'auth.signin_paused':
    'La connexion par mot de passe est suspendue après trop de tentatives infructueuses. Réinitialisez votre mot de passe pour vous reconnecter',
  'sso.cancelled': 'La connexion a été annulée. Choisissez un moyen de vous connecter pour continuer',
  'sso.expired': 'Cette connexion a expiré ou a déjà été utilisée. Veuillez recommencer',
  'sso.invalid_response':
    'La réponse du service de connexion n’a pas pu être vérifiée, vous n’avez donc pas été connecté. Veuillez réessayer',
  'sso.provider_unavailable':
    'Le service de connexion est injoignable. Réessayez dans un instant ou utilisez votre adresse e-mail et votre mot de passe',
  'sso.email_missing': 'Le service de connexion n’a pas communiqué votre adresse e-mail. Autorisez-en l’accès et réessayez',
  'sso.email_unverified':
    'Un compte existe déjà avec cette adresse e-mail, mais le fournisseur ne confirme pas qu’elle vous appartient. Connectez-vous avec votre mot de passe, puis associez le fournisseur depuis la page de votre compte',
  'sso.email_not_confirmed':
    'Le service de connexion ne confirme pas que cette adresse e-mail vous appartient. Inscrivez-vous plutôt avec votre adresse e-mail',
  'sso.account_disabled': 'Ce compte a été désactivé. Contactez le support si vous avez besoin d’aide',
  'sso.no_account':
    'Il n’existe pas encore de compte pour cette adresse e-mail. Acceptez le consentement ci-dessous pour en créer un, puis continuez à nouveau',
  'sso.identity_taken': 'Ce compte du fournisseur est déjà associé à un autre compte',
  'sso.last_method':
    'C’est votre seul moyen de connexion. Définissez un mot de passe via « Mot de passe oublié ? » ou associez un autre compte avant de dissocier celui-ci',
  'sso.identity_not_found': 'Cette association n’existe pas ou a déjà été supprimée',
  'oidc.interaction_expired': 'Cette connexion à l’application a expiré. Retournez dans l’application et recommencez',
  'oidc.app_not_connected': 'Cette application n’est pas connectée à votre compte, ou a déjà été déconnectée',
  'oidc.invalid_request':
    'La demande de connexion de l’application n’a pas pu être acceptée. Retournez dans l’application et réessayez, ou contactez son exploitant',
  'auth.wrong_password': 'Le mot de passe actuel est incorrect',
  'account.no_password': 'Ce compte n’a pas encore de mot de passe. Définissez-en un d’abord grâce au lien que nous pouvons vous envoyer',
  'account.confirmation_required': 'Saisissez votre mot de passe, ou le code que nous vous avons envoyé, pour confirmer',
  'email_change.same_address': 'C’est déjà l’adresse e-mail de votre compte',
  'email_change.none_pending': 'Aucun changement d’adresse e-mail n’attend de confirmation',
  'email_change.failed':
    'Ce lien de changement d’adresse e-mail n’est pas valide ou a expiré. Recommencez le changement depuis vos paramètres',
  'team.forbidden': 'Seuls le propriétaire et les administrateurs de l’équipe peuvent effectuer cette action',
  'team.not_found': 'Cette équipe n’existe pas, ou vous n’en êtes pas membre',
  'team.member_not_found': 'Cette personne n’est pas membre de l’équipe',
  'team.invitation_not_found': 'Cette invitation n’existe pas ou n’est plus en attente',
  'team.already_member': 'Cette personne est déjà membre de l’équipe',
  'team.owner_fixed': 'Le propriétaire d’une équipe ne peut ni la quitter ni en être retiré',
  'team.member_limit': 'L’équipe a atteint son nombre maximal de membres',
  'team.already_invited': 'Cette adresse a déjà été invitée. Renvoyez l’invitation pour lui envoyer un nouveau lien',
  'team.name_required': 'Saisissez un nom pour l’équipe',
  'team.name_too_long': 'Le nom d’une équipe ne peut pas dépasser 60 caractères',
  'team.name_invalid': 'Le nom d’une équipe ne peut contenir ni saut de ligne ni autre caractère de contrôle',
  'team.name_link': 'Le nom d’une équipe ne peut pas contenir d’adresse web',
  'team.invitation_limit':
    'L’équipe a atteint son nombre maximal d’invitations en attente. Révoquez-en une, ou attendez qu’une invitation soit acceptée',
  'invitation.invalid': 'Ce lien d’invitation n’est pas valide. Vérifiez que vous avez ouvert le lien complet de l’e-mail',
  'invitation.expired': 'Cette invitation a expiré. Demandez-en une nouvelle à l’équipe',
  'invitation.revoked': 'Cette invitation a été retirée. Demandez-en une nouvelle à l’équipe',
  'invitation.used': 'Cette invitation a déjà été utilisée',
  'invitation.wrong_account':
    'Cette invitation a été envoyée à une autre adresse e-mail. Connectez-vous avec cette adresse pour l’accepter',
  'passkey.unavailable': 'Les clés d’accès ne sont pas disponibles ici. Connectez-vous avec votre adresse e-mail et votre mot de passe',
  'passkey.expired': 'Cette demande de clé d’accès a expiré ou a déjà été utilisée. Veuillez réessayer',
  'passkey.invalid': 'La clé d’accès n’a pas pu être vérifiée, rien n’a donc été modifié. Veuillez réessayer',
  'passkey.unknown':
    'Cette clé d’accès n’est pas enregistrée sur ce site. Connectez-vous autrement, puis ajoutez une clé d’accès dans vos paramètres',
  'passkey.counter_regressed':
    'Cette clé d’accès a indiqué moins d’utilisations qu’auparavant, signe qu’elle a peut-être été copiée : elle a donc été refusée. Connectez-vous autrement et vérifiez vos clés d’accès dans vos paramètres',
  'passkey.cancelled': 'La demande de clé d’accès a été annulée ou a expiré. Réessayez ou connectez-vous autrement',
  'passkey.not_found': 'Cette clé d’accès n’existe pas ou a déjà été supprimée',
  'passkey.last_method':
    'Cette clé d’accès est votre seul moyen de connexion. Définissez un mot de passe via « Mot de passe oublié ? » ou ajoutez une autre clé d’accès avant de supprimer celle-ci',
  'passkey.name_invalid': 'Le nom d’une clé d’accès doit comporter de 1 à 60 caractères, sans saut de ligne',
  'passkey.limit': 'Vous avez atteint le maximum de 10 clés d’accès. Supprimez-en une avant d’en ajouter une autre',
  'passkey.already_added': 'Cette clé d’accès est déjà enregistrée. Utilisez-la pour vous connecter ou choisissez-en une autre',
} satisfies ErrorMessages;

export default fr;
