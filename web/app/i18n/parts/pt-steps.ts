import type { StepsTexts } from './en-steps.ts';

const ptSteps: StepsTexts = {
  twoFactor: {
    heading: 'Autenticação de dois fatores',
    intro: 'Insira o código de 6 dígitos do seu aplicativo autenticador para concluir o login.',
    recoveryIntro:
      'Insira um dos códigos de recuperação que você salvou ao ativar a autenticação de dois fatores. Cada código funciona uma vez.',
    codeLabel: 'Código de autenticação',
    codeHint: 'Abra seu aplicativo autenticador e digite o código que ele mostra agora.',
    recoveryLabel: 'Código de recuperação',
    recoveryHint: 'Dez letras e números, por exemplo abcde-fgh23.',
    submit: 'Verificar e entrar',
    useRecovery: 'Usar um código de recuperação',
    useApp: 'Usar o aplicativo autenticador',
    ended: 'Este login terminou.',
    signInAgain: 'Entrar novamente',
    lost: 'Perdeu o celular e os códigos de recuperação? {support} para redefinir a autenticação de dois fatores.',
    contactSupport: 'Fale com o suporte',
    lostNoSupport:
      'Perdeu o celular e os códigos de recuperação? Peça ao responsável por este serviço que redefina a autenticação de dois fatores.',
    back: 'Voltar ao login',
  },
  verify: {
    checking: 'Confirmando seu endereço de e-mail…',
    failedHint: 'O link pode ter expirado ou já ter sido usado. Cadastre-se novamente para receber um novo.',
    startAgain: 'Cadastrar-se novamente',
    sendNew: 'Enviar um novo link',
  },
  reset: {
    heading: 'Defina uma nova senha',
    intro: 'Escolha uma nova senha para sua conta. Todos os dispositivos conectados serão desconectados.',
    submit: 'Alterar senha',
    successHeading: 'Senha alterada',
    success: 'Sua senha foi alterada. A página de login será aberta em {seconds, plural, one {# segundo} other {# segundos}}.',
    backToLogin: 'Voltar para o login',
    requestNew: 'Solicitar um novo link',
    usedHeading: 'Este link já foi usado',
    usedIntro: 'Este link de redefinição já foi usado ou foi substituído por um mais recente. Entre na sua conta ou solicite um novo link.',
    expiredHeading: 'Este link expirou',
    expiredIntro: 'Este link de redefinição expirou. Solicite um novo para continuar.',
    deadHeading: 'Este link não funciona',
    codeIntro:
      'Digite o código de 6 dígitos que enviamos para {email} e escolha uma nova senha. Todos os dispositivos conectados serão desconectados.',
    noCode: 'Não recebeu o código?',
    requestCode: 'Pedir um novo código',
  },
  appSignOut: {
    heading: 'Sair?',
    intro: 'Um aplicativo pediu para encerrar sua sessão. Ao sair, sua sessão termina aqui e nos aplicativos que você abriu com ela.',
    submit: 'Sair',
    stay: 'Continuar conectado',
    doneHeading: 'Você saiu',
    done: 'Sua sessão terminou aqui e também nos aplicativos que você abriu com ela.',
    signInAgain: 'Entrar novamente',
  },
};

export default ptSteps;
