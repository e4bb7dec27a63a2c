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
  // Teams
  teamInvitation: {
    subject: 'Rejoignez l’équipe de {team} sur {brand}',
    preheader: '{inviter} vous invite dans son équipe de supervision.',
    intro: '{inviter} vous invite à rejoindre l’équipe de {team} sur {brand}, pour voir ses serveurs, ses sites web et ses alertes.',
    button: 'Accepter l’invitation',
    expiry: 'L’invitation est valable {days} jours, jusqu’au {date}.',
    notExpected: 'Si vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail. Rien ne changera.',
  },
};

export default fr;
