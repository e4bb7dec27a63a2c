import type { MailMessages } from './en.ts';

const fr: MailMessages = {
  common: {
    greeting: 'Bonjour,',
    signature: 'L’équipe {brand}',
    buttonFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u00a0:',
    ignore: 'Si vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail. Rien ne sera modifié.',
    footer: 'Vous recevez cet e-mail parce que cette adresse a été saisie sur {brand}.',
  },
  verifyEmail: {
    subject: 'Confirmez votre adresse e-mail pour {brand}',
    preheader: 'Un clic et votre compte est prêt.',
    intro:
      'Merci pour votre inscription à {brand}. Confirmez qu’il s’agit bien de votre adresse e-mail pour poursuivre la configuration de votre compte.',
    button: 'Confirmer l’adresse e-mail',
    expiry: 'Le lien est valable {hours}\u00a0heures.',
  },
  alreadyRegistered: {
    subject: 'Vous avez déjà un compte {brand}',
    preheader: 'Aucun nouveau compte n’a été créé.',
    intro:
      'Quelqu’un (vous, nous l’espérons) a tenté de s’inscrire à {brand} avec cette adresse e-mail. Comme vous avez déjà un compte, aucun nouveau compte n’a été créé.',
    button: 'Se connecter',
    reset: 'Mot de passe oublié\u202f? Vous pouvez en choisir un nouveau ici\u00a0:',
  },
  passwordReset: {
    subject: 'Réinitialisez votre mot de passe {brand}',
    preheader: 'Choisissez un nouveau mot de passe pour votre compte.',
    intro:
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {brand}. Choisissez un nouveau mot de passe à l’aide du bouton ci-dessous.',
    button: 'Choisir un nouveau mot de passe',
    expiry: 'Le lien est valable {minutes}\u00a0minutes et ne peut être utilisé qu’une seule fois.',
  },
  passwordChanged: {
    subject: 'Le mot de passe de votre compte {brand} a été modifié',
    preheader: 'Tous les appareils ont été déconnectés.',
    intro: 'Le mot de passe de votre compte {brand} ({email}) vient d’être modifié. Tous les appareils connectés ont été déconnectés.',
    button: 'Se connecter',
    notYou:
      'Si vous n’êtes pas à l’origine de cette modification, réinitialisez immédiatement votre mot de passe et contactez notre assistance.',
  },
  signupCode: {
    subject: 'Votre code de vérification {brand}\u00a0: {code}',
    preheader: 'Saisissez-le pour confirmer votre adresse e-mail.',
    intro: 'Saisissez ce code pour confirmer votre adresse e-mail et terminer la création de votre compte {brand}\u00a0:',
    expiry: 'Le code est valable {minutes}\u00a0minutes.',
  },
  resetCode: {
    subject: 'Votre code de réinitialisation {brand}\u00a0: {code}',
    preheader: 'Saisissez-le pour choisir un nouveau mot de passe.',
    intro: 'Saisissez ce code pour choisir un nouveau mot de passe pour votre compte {brand}\u00a0:',
    expiry: 'Le code est valable {minutes}\u00a0minutes.',
  },
  // Per-account cap on failed sign-ins
  signinPaused: {
    subject: 'Quelqu’un tente de se connecter à votre compte {brand}',
    preheader: 'La connexion par mot de passe est suspendue jusqu’à ce que vous en choisissiez un nouveau.',
    intro:
      'De nombreuses tentatives de connexion à votre compte {brand} ({email}) ont échoué avec un mot de passe erroné. Pour protéger votre compte, la connexion par mot de passe est suspendue. Choisissez un nouveau mot de passe pour vous connecter à nouveau.',
    button: 'Choisir un nouveau mot de passe',
    after:
      'Votre mot de passe n’a pas été modifié. Si vous n’avez pas essayé de vous connecter, quelqu’un tente peut-être de deviner votre mot de passe\u00a0: choisissez-en un nouveau que vous n’utilisez nulle part ailleurs.',
  },
  ssoLinked: {
    subject: '{provider} a été associé à votre compte {brand}',
    preheader: 'Vous pouvez désormais vous connecter avec {provider}.',
    intro:
      'Un compte {provider} vient d’être associé à votre compte {brand} ({email}). Vous pouvez désormais aussi vous connecter avec {provider}.',
    button: 'Ouvrir votre compte',
    notYou: 'Si vous n’êtes pas à l’origine de cette action, ouvrez votre compte, dissociez {provider} et contactez notre support.',
  },
  passwordUpdated: {
    subject: 'Le mot de passe de votre compte {brand} a été modifié',
    preheader: 'Tous les autres appareils ont été déconnectés.',
    intro:
      'Le mot de passe de votre compte {brand} ({email}) vient d’être modifié dans les paramètres de votre compte. Tous les autres appareils connectés ont été déconnectés.',
    button: 'Se connecter',
    notYou:
      'Si vous n’êtes pas à l’origine de cette modification, réinitialisez immédiatement votre mot de passe et contactez notre assistance.',
  },
  emailChangeVerify: {
    subject: 'Confirmez votre nouvelle adresse e-mail pour {brand}',
    preheader: 'Un clic et votre compte utilise cette adresse.',
    intro:
      'Vous avez demandé à utiliser {email} pour votre compte {brand}. Confirmez qu’il s’agit bien de votre adresse : le changement ne prendra effet qu’ensuite.',
    button: 'Confirmer la nouvelle adresse',
    expiry: 'Le lien est valable {hours} heures.',
  },
  emailChangeCode: {
    subject: 'Votre code {brand} pour confirmer votre nouvelle adresse e-mail : {code}',
    preheader: 'Saisissez-le pour confirmer votre nouvelle adresse.',
    intro:
      'Vous avez demandé à utiliser {email} pour votre compte {brand}. Saisissez ce code dans vos paramètres pour confirmer la nouvelle adresse :',
    expiry: 'Le code est valable {minutes} minutes.',
  },
  emailChangeNotice: {
    subject: 'L’adresse e-mail de votre compte {brand} va changer',
    preheader: 'Si ce n’est pas vous, arrêtez-le maintenant.',
    intro:
      'Une personne connectée à votre compte {brand} a demandé à remplacer son adresse e-mail par {email}. Le changement prendra effet dès que la nouvelle adresse sera confirmée.',
    button: 'Ce n’est pas moi : arrêter le changement',
    notYou:
      'Arrêter le changement déconnecte aussi tous les appareils et met fin au mot de passe actuel, car l’auteur de la demande le connaît ; un lien pour en choisir un nouveau arrive ensuite à cette adresse.',
  },
  accountRecovered: {
    subject: 'Choisissez un nouveau mot de passe pour votre compte {brand}',
    preheader: 'Le changement d’adresse e-mail a été arrêté et tous les appareils déconnectés.',
    intro:
      'Vous avez arrêté un changement de l’adresse e-mail de votre compte {brand} ({email}). Tous les appareils ont été déconnectés et le mot de passe ne fonctionne plus, car l’auteur de la demande le connaissait.',
    /** Followed by the list of what went, in `wayInsAddedSince`. */
    removedSince: 'Ce qui a été ajouté depuis la demande a été supprimé : {removed}.',
    button: 'Choisir un nouveau mot de passe',
    expiry:
      'Le lien est valable {minutes} minutes et ne fonctionne qu’une fois. Ensuite, demandez-en un nouveau avec « Mot de passe oublié ? » sur la page de connexion.',
  },
  emailChangeTaken: {
    subject: 'Votre adresse e-mail est déjà utilisée sur {brand}',
    preheader: 'Aucune adresse n’a été modifiée.',
    intro:
      'Quelqu’un a essayé de rattacher un autre compte {brand} à cette adresse e-mail. Cette adresse a déjà son propre compte, rien n’a donc été modifié.',
    button: 'Se connecter',
  },
  deletionCode: {
    subject: 'Votre code {brand} pour supprimer votre compte : {code}',
    preheader: 'Saisissez-le pour confirmer la suppression.',
    intro: 'Saisissez ce code dans vos paramètres pour confirmer la suppression définitive de votre compte {brand} :',
    expiry: 'Le code est valable {minutes} minutes. Si vous n’avez rien demandé, ignorez cet e-mail : votre compte reste inchangé.',
  },
  ssoLinkCode: {
    subject: 'Votre code {brand} pour associer un service de connexion : {code}',
    preheader: 'Saisissez-le pour confirmer l’association.',
    intro:
      'Saisissez ce code dans les paramètres de votre compte pour confirmer que Google ou Microsoft doit être associé à votre compte {brand} :',
    expiry:
      'Le code est valable {minutes} minutes. Si vous n’avez rien demandé, quelqu’un utilise peut-être votre compte : déconnectez tous les autres appareils dans vos paramètres et contactez notre support.',
  },
  passkeyCode: {
    subject: 'Votre code {brand} pour modifier vos clés d’accès : {code}',
    preheader: 'Saisissez-le pour confirmer la modification.',
    intro:
      'Saisissez ce code dans les paramètres de votre compte pour confirmer la modification des clés d’accès de votre compte {brand} (ajout, changement de nom ou suppression d’une clé) :',
    expiry:
      'Le code est valable {minutes} minutes. Si vous n’avez rien demandé, quelqu’un utilise peut-être votre compte : déconnectez tous les autres appareils dans vos paramètres et contactez notre support.',
  },
  accountDeleted: {
    subject: 'Votre compte {brand} a été supprimé',
    preheader: 'Merci d’avoir été parmi nous.',
    intro:
      'Votre compte {brand} ({email}) et les données personnelles qui y étaient associées ont été supprimés, comme vous l’avez demandé. Vous pouvez vous réinscrire à tout moment avec cette adresse.',
    after: 'Si vous n’avez pas supprimé votre compte, contactez immédiatement notre assistance.',
  },
  twoFactorCode: {
    subject: 'Votre code {brand} pour l’authentification à deux facteurs : {code}',
    preheader: 'Saisissez-le pour confirmer la modification.',
    intro:
      'Saisissez ce code dans les paramètres de votre compte pour confirmer la modification de l’authentification à deux facteurs de votre compte {brand} :',
    expiry:
      'Le code est valable {minutes} minutes. Si vous n’êtes pas à l’origine de cette demande, quelqu’un utilise peut-être votre compte : déconnectez tous les autres appareils dans vos paramètres et contactez notre support.',
  },
  twoFactorEnabled: {
    subject: 'L’authentification à deux facteurs est activée pour votre compte {brand}',
    preheader: 'La connexion demande désormais aussi un code de votre application d’authentification.',
    intro:
      'L’authentification à deux facteurs vient d’être activée pour votre compte {brand} ({email}). La connexion demande désormais aussi un code de votre application d’authentification, ou l’un de vos codes de récupération.',
    button: 'Ouvrir vos paramètres',
    notYou: 'Si ce n’était pas vous, réinitialisez immédiatement votre mot de passe et contactez notre support.',
  },
  twoFactorDisabled: {
    subject: 'L’authentification à deux facteurs est désactivée pour votre compte {brand}',
    preheader: 'La connexion ne demande plus de code.',
    intro:
      'L’authentification à deux facteurs vient d’être désactivée pour votre compte {brand} ({email}). La connexion ne demande plus de code de votre application d’authentification.',
    button: 'Ouvrir vos paramètres',
    notYou:
      'Si ce n’était pas vous, réinitialisez immédiatement votre mot de passe, réactivez l’authentification à deux facteurs et contactez notre support.',
  },
  twoFactorReset: {
    subject: 'L’authentification à deux facteurs de votre compte {brand} a été réinitialisée',
    preheader: 'Notre support l’a désactivée à votre demande.',
    intro:
      'Notre support a désactivé l’authentification à deux facteurs de votre compte {brand} ({email}), comme vous l’avez demandé après avoir perdu votre application d’authentification et vos codes de récupération. Ceux-ci ne fonctionnent plus.',
    button: 'La réactiver',
    after: 'Si vous n’avez rien demandé, réinitialisez immédiatement votre mot de passe et contactez notre support.',
  },
  wayInAdded: {
    subject: 'Un nouveau moyen de connexion pour votre compte {brand}',
    preheader: '{method} permet désormais de vous connecter à votre compte.',
    intro: '{method} fait désormais partie des moyens de connexion de votre compte {brand} ({email}).',
    button: 'Ouvrir vos paramètres',
    notYou:
      'Si vous n’êtes pas à l’origine de cette action, supprimez ce moyen de connexion dans vos paramètres, modifiez immédiatement votre mot de passe et contactez notre support.',
  },
  wayInRemoved: {
    subject: 'Un moyen de connexion a été supprimé de votre compte {brand}',
    preheader: '{method} ne permet plus de vous connecter à votre compte.',
    intro: '{method} ne fait plus partie des moyens de connexion de votre compte {brand} ({email}) et ne permet plus de vous y connecter.',
    button: 'Ouvrir vos paramètres',
    notYou: 'Si vous n’êtes pas à l’origine de cette action, modifiez immédiatement votre mot de passe et contactez notre support.',
  },
  /** One way in, as the subject of the two notices above ({detail}: a passkey's name, a provider). */
  wayIn: {
    password: 'Un mot de passe',
    identity: 'Votre compte {detail}',
    panelLink: 'Un lien avec un panneau d’hébergement ({detail})',
    passkey: 'La clé d’accès « {detail} »',
    authenticator: 'Une application d’authentification',
    recoveryCodes: 'Un nouveau jeu de codes de récupération',
  },
  /** Each kind of way in, as an item of the recovered mail's list. */
  wayInsAddedSince: {
    password: 'le mot de passe',
    identity: 'les services de connexion associés (Google, Microsoft)',
    panelLink: 'les liens avec un panneau d’hébergement',
    passkey: 'les clés d’accès',
    authenticator: 'l’application d’authentification et ses codes de récupération',
    recoveryCodes: 'les codes de récupération',
  },
  teamInvitation: {
    subject: 'Rejoignez l’équipe de {team} sur {brand}',
    preheader: '{inviter} vous invite dans son équipe de supervision.',
    intro: '{inviter} vous invite à rejoindre l’équipe de {team} sur {brand}, pour voir ses serveurs, ses sites web et ses alertes.',
    /** When the team has a name of its own (the lines above name it after its owner). */
    subjectNamed: 'Rejoignez l’équipe « {team} » sur {brand}',
    introNamed: '{inviter} vous invite à rejoindre l’équipe « {team} » sur {brand}, pour voir ses serveurs, ses sites web et ses alertes.',
    button: 'Accepter l’invitation',
    expiry: 'L’invitation est valable {days} jours, jusqu’au {date}.',
    notExpected: 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail. Rien ne changera.',
  },
  accountDisabled: {
    subject: 'Votre compte {brand} a été désactivé',
    preheader: 'Vous ne pouvez plus vous connecter.',
    intro:
      'Notre support a désactivé votre compte {brand} ({email}). Vous ne pouvez plus vous y connecter, et tous les appareils et applications ont été déconnectés.',
    after: 'Si vous pensez qu’il s’agit d’une erreur, contactez notre support.',
  },
  accountEnabled: {
    subject: 'Votre compte {brand} est de nouveau activé',
    preheader: 'Vous pouvez vous connecter comme avant.',
    intro: 'Notre support a réactivé votre compte {brand} ({email}). Vous pouvez vous connecter comme avant.',
    button: 'Se connecter',
    after: 'Si vous ne vous y attendiez pas, contactez notre support.',
  },
  sessionsEndedBySupport: {
    subject: 'Vous avez été déconnecté de votre compte {brand}',
    preheader: 'Reconnectez-vous pour continuer.',
    intro:
      'Notre support a déconnecté votre compte {brand} ({email}) de tous les appareils et applications. Reconnectez-vous pour continuer.',
    button: 'Se connecter',
    after: 'Si vous ne l’avez pas demandé, changez immédiatement votre mot de passe et contactez notre support.',
  },
};

export default fr;
