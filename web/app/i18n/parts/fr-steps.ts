import type { StepsTexts } from './en-steps.ts';

const frSteps: StepsTexts = {
  twoFactor: {
    heading: 'Authentification à deux facteurs',
    intro: 'Saisissez le code à 6 chiffres de votre application d’authentification pour terminer la connexion.',
    recoveryIntro:
      'Saisissez l’un des codes de récupération enregistrés lors de l’activation de l’authentification à deux facteurs. Chaque code ne fonctionne qu’une fois.',
    codeLabel: 'Code d’authentification',
    codeHint: 'Ouvrez votre application d’authentification et saisissez le code affiché.',
    recoveryLabel: 'Code de récupération',
    recoveryHint: 'Dix lettres et chiffres, par exemple abcde-fgh23.',
    submit: 'Vérifier et se connecter',
    useRecovery: 'Utiliser plutôt un code de récupération',
    useApp: 'Utiliser plutôt l’application d’authentification',
    ended: 'Cette connexion a pris fin.',
    signInAgain: 'Se reconnecter',
    lost: 'Téléphone et codes de récupération perdus ? {support} pour réinitialiser l’authentification à deux facteurs.',
    contactSupport: 'Contactez le support',
    lostNoSupport:
      'Téléphone et codes de récupération perdus ? Demandez à l’exploitant de ce service de réinitialiser l’authentification à deux facteurs.',
    back: 'Retour à la connexion',
  },
  verify: {
    checking: 'Confirmation de votre adresse e-mail…',
    failedHint: 'Le lien a peut-être expiré ou a déjà été utilisé. Inscrivez-vous à nouveau pour en recevoir un nouveau.',
    startAgain: 'S’inscrire à nouveau',
    sendNew: 'Envoyer un nouveau lien',
  },
  reset: {
    heading: 'Nouveau mot de passe',
    intro: 'Choisissez un nouveau mot de passe pour votre compte. Tous les appareils connectés seront déconnectés.',
    submit: 'Modifier',
    successHeading: 'Mot de passe modifié',
    success:
      'Votre mot de passe a été modifié. Redirection vers la page de connexion dans {seconds, plural, one {#\u00a0seconde} other {#\u00a0secondes}}.',
    backToLogin: 'Retour à la connexion',
    requestNew: 'Demander un nouveau lien',
    usedHeading: 'Ce lien a déjà été utilisé',
    usedIntro:
      'Ce lien de réinitialisation a déjà été utilisé ou remplacé par un plus récent. Connectez-vous, ou demandez un nouveau lien.',
    expiredHeading: 'Ce lien a expiré',
    expiredIntro: 'Ce lien de réinitialisation a expiré. Demandez-en un nouveau pour continuer.',
    deadHeading: 'Ce lien ne fonctionne pas',
    codeIntro:
      'Saisissez le code à 6\u00a0chiffres envoyé à {email} et choisissez un nouveau mot de passe. Tous les appareils connectés seront déconnectés.',
    noCode: 'Vous n’avez pas reçu de code\u00a0?',
    requestCode: 'Demander un nouveau code',
  },
  appSignOut: {
    heading: 'Déconnexion\u202f?',
    intro:
      'Une application demande à vous déconnecter. La déconnexion met fin à votre session ici et vous déconnecte des applications ouvertes avec elle.',
    submit: 'Déconnexion',
    stay: 'Rester connecté',
    doneHeading: 'Déconnecté',
    done: 'Votre session est terminée ici, ainsi que dans les applications ouvertes avec elle.',
    signInAgain: 'Se reconnecter',
  },
};

export default frSteps;
