import type { StepsTexts } from './en-steps.ts';

const esSteps: StepsTexts = {
  twoFactor: {
    heading: 'Verificación en dos pasos',
    intro: 'Introduce el código de 6 dígitos de tu aplicación de autenticación para terminar de iniciar sesión.',
    recoveryIntro:
      'Introduce uno de los códigos de recuperación que guardaste al activar la verificación en dos pasos. Cada código funciona una vez.',
    codeLabel: 'Código de verificación',
    codeHint: 'Abre tu aplicación de autenticación y escribe el código que muestra ahora.',
    recoveryLabel: 'Código de recuperación',
    recoveryHint: 'Diez letras y cifras, por ejemplo abcde-fgh23.',
    submit: 'Verificar y acceder',
    useRecovery: 'Usar un código de recuperación',
    useApp: 'Usar la aplicación de autenticación',
    ended: 'Este inicio de sesión ha terminado.',
    signInAgain: 'Volver a iniciar sesión',
    lost: '¿Has perdido el teléfono y los códigos de recuperación? {support} para restablecer la verificación en dos pasos.',
    contactSupport: 'Ponte en contacto con el soporte',
    lostNoSupport:
      '¿Has perdido el teléfono y los códigos de recuperación? Pide al responsable de este servicio que restablezca la verificación en dos pasos.',
    back: 'Volver al acceso',
  },
  verify: {
    checking: 'Confirmando tu dirección de correo electrónico…',
    failedHint: 'Es posible que el enlace haya caducado o que ya se haya usado. Vuelve a registrarte para recibir uno nuevo.',
    startAgain: 'Volver a registrarse',
    sendNew: 'Enviar un enlace nuevo',
  },
  reset: {
    heading: 'Elige una nueva contraseña',
    intro: 'Elige una nueva contraseña para tu cuenta. Se cerrará la sesión en todos los dispositivos en los que esté iniciada.',
    submit: 'Cambiar contraseña',
    successHeading: 'Contraseña cambiada',
    success:
      'Se ha cambiado tu contraseña. Te llevaremos a la página de inicio de sesión en {seconds, plural, one {# segundo} other {# segundos}}.',
    backToLogin: 'Volver al acceso',
    requestNew: 'Solicitar un nuevo enlace',
    usedHeading: 'Este enlace ya se ha utilizado',
    usedIntro:
      'Este enlace de restablecimiento ya se ha utilizado o se ha sustituido por uno más reciente. Inicia sesión o solicita un enlace nuevo.',
    expiredHeading: 'Este enlace ha caducado',
    expiredIntro: 'Este enlace de restablecimiento ha caducado. Solicita uno nuevo para continuar.',
    deadHeading: 'Este enlace no funciona',
    codeIntro:
      'Introduce el código de 6 dígitos que hemos enviado a {email} y elige una nueva contraseña. Se cerrará la sesión en todos los dispositivos conectados.',
    noCode: '¿No has recibido ningún código?',
    requestCode: 'Pedir un código nuevo',
  },
  appSignOut: {
    heading: '¿Salir?',
    intro: 'Una aplicación ha pedido cerrar tu sesión. Al cerrarla, termina tu sesión aquí y en las aplicaciones que abriste con ella.',
    submit: 'Salir',
    stay: 'Mantener la sesión',
    doneHeading: 'Sesión cerrada',
    done: 'Tu sesión ha terminado aquí y también en las aplicaciones que abriste con ella.',
    signInAgain: 'Volver a iniciar sesión',
  },
};

export default esSteps;
