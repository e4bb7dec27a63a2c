import type { MailMessages } from './en.ts';

const es: MailMessages = {
  common: {
    greeting: 'Hola:',
    signature: 'El equipo de {brand}',
    buttonFallback: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    ignore: 'Si no lo has solicitado tú, puedes ignorar este correo electrónico. No se realizará ningún cambio.',
    footer: 'Recibes este correo electrónico porque esta dirección se introdujo en {brand}.',
  },
  verifyEmail: {
    subject: 'Confirma tu dirección de correo electrónico para {brand}',
    preheader: 'Un clic y tu cuenta estará lista.',
    intro:
      'Gracias por registrarte en {brand}. Confirma que esta es tu dirección de correo electrónico para seguir configurando tu cuenta.',
    button: 'Confirmar dirección de correo electrónico',
    expiry: 'El enlace es válido durante {hours} horas.',
  },
  alreadyRegistered: {
    subject: 'Ya tienes una cuenta en {brand}',
    preheader: 'No se ha creado ninguna cuenta nueva.',
    intro:
      'Alguien (esperamos que tú) ha intentado registrarse en {brand} con esta dirección de correo electrónico. Como ya tienes una cuenta, no se ha creado ninguna nueva.',
    button: 'Iniciar sesión',
    reset: '¿Has olvidado tu contraseña? Puedes elegir una nueva aquí:',
  },
  passwordReset: {
    subject: 'Restablece tu contraseña de {brand}',
    preheader: 'Elige una nueva contraseña para tu cuenta.',
    intro:
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de {brand}. Elige una nueva contraseña con el botón de abajo.',
    button: 'Elegir una nueva contraseña',
    expiry: 'El enlace es válido durante {minutes} minutos y solo se puede usar una vez.',
  },
  passwordChanged: {
    subject: 'Se ha cambiado tu contraseña de {brand}',
    preheader: 'Se ha cerrado la sesión en todos los dispositivos.',
    intro:
      'Se acaba de cambiar la contraseña de tu cuenta de {brand} ({email}). Se ha cerrado la sesión en todos los dispositivos en los que estaba iniciada.',
    button: 'Iniciar sesión',
    notYou: 'Si no has sido tú, restablece tu contraseña de inmediato y ponte en contacto con nuestro equipo de asistencia.',
  },
  signupCode: {
    subject: 'Tu código de verificación de {brand}: {code}',
    preheader: 'Introdúcelo para confirmar tu dirección de correo electrónico.',
    intro: 'Introduce este código para confirmar tu dirección de correo electrónico y terminar de configurar tu cuenta de {brand}:',
    expiry: 'El código es válido durante {minutes} minutos.',
  },
  resetCode: {
    subject: 'Tu código para restablecer la contraseña de {brand}: {code}',
    preheader: 'Introdúcelo para elegir una contraseña nueva.',
    intro: 'Introduce este código para elegir una contraseña nueva para tu cuenta de {brand}:',
    expiry: 'El código es válido durante {minutes} minutos.',
  },
  // Per-account cap on failed sign-ins
  signinPaused: {
    subject: 'Alguien está intentando iniciar sesión en tu cuenta de {brand}',
    preheader: 'El inicio de sesión con contraseña está en pausa hasta que elijas una nueva.',
    intro:
      'Ha habido muchos intentos fallidos de iniciar sesión en tu cuenta de {brand} ({email}) con una contraseña incorrecta. Para proteger tu cuenta, el inicio de sesión con contraseña está en pausa. Elige una nueva contraseña para volver a iniciar sesión.',
    button: 'Elegir una nueva contraseña',
    after:
      'Tu contraseña no ha cambiado. Si no has intentado iniciar sesión, es posible que alguien esté intentando adivinar tu contraseña: elige una nueva que no uses en ningún otro sitio.',
  },
  ssoLinked: {
    subject: '{provider} se ha conectado a tu cuenta de {brand}',
    preheader: 'Ahora puedes iniciar sesión con {provider}.',
    intro:
      'Se acaba de conectar una cuenta de {provider} a tu cuenta de {brand} ({email}). A partir de ahora también puedes iniciar sesión con {provider}.',
    button: 'Abrir tu cuenta',
    notYou: 'Si no has sido tú, abre tu cuenta, desconecta {provider} y ponte en contacto con nuestro soporte.',
  },
  passwordUpdated: {
    subject: 'Se ha cambiado tu contraseña de {brand}',
    preheader: 'Se ha cerrado la sesión en todos los demás dispositivos.',
    intro:
      'Se acaba de cambiar la contraseña de tu cuenta de {brand} ({email}) desde la configuración de tu cuenta. Se ha cerrado la sesión en todos los demás dispositivos.',
    button: 'Iniciar sesión',
    notYou: 'Si no has sido tú, restablece tu contraseña de inmediato y ponte en contacto con nuestro equipo de asistencia.',
  },
  emailChangeVerify: {
    subject: 'Confirma tu nueva dirección de correo para {brand}',
    preheader: 'Un clic y tu cuenta usará esta dirección.',
    intro: 'Has pedido usar {email} para tu cuenta de {brand}. Confirma que esta es tu dirección; el cambio solo se aplicará entonces.',
    button: 'Confirmar la nueva dirección',
    expiry: 'El enlace es válido durante {hours} horas.',
  },
  emailChangeCode: {
    subject: 'Tu código de {brand} para confirmar tu nueva dirección de correo: {code}',
    preheader: 'Introdúcelo para confirmar tu nueva dirección.',
    intro:
      'Has pedido usar {email} para tu cuenta de {brand}. Introduce este código en tu configuración para confirmar la nueva dirección:',
    expiry: 'El código es válido durante {minutes} minutos.',
  },
  emailChangeNotice: {
    subject: 'La dirección de correo de tu cuenta de {brand} va a cambiar',
    preheader: 'Si no has sido tú, detenlo ahora.',
    intro:
      'Alguien con la sesión iniciada en tu cuenta de {brand} ha pedido cambiar su dirección de correo a {email}. El cambio se aplicará cuando se confirme la nueva dirección.',
    button: 'No he sido yo: detener el cambio',
    notYou:
      'Al detener el cambio también se cierra la sesión en todos los dispositivos y la contraseña actual deja de valer, porque quien lo pidió la conoce; después llegará a esta dirección un enlace para elegir una nueva.',
  },
  accountRecovered: {
    subject: 'Elige una contraseña nueva para tu cuenta de {brand}',
    preheader: 'Se ha detenido el cambio de correo y se ha cerrado la sesión en todos los dispositivos.',
    intro:
      'Has detenido un cambio de la dirección de correo de tu cuenta de {brand} ({email}). Se ha cerrado la sesión en todos los dispositivos y la contraseña ya no vale, porque quien pidió el cambio la conocía.',
    /** Followed by the list of what went, in `wayInsAddedSince`. */
    removedSince: 'Se ha quitado lo que se añadió desde la solicitud: {removed}.',
    button: 'Elegir una contraseña nueva',
    expiry:
      'El enlace es válido durante {minutes} minutos y funciona una sola vez. Después, pide otro con «¿Olvidaste tu contraseña?» en la página de inicio de sesión.',
  },
  emailChangeTaken: {
    subject: 'Tu dirección de correo ya se usa en {brand}',
    preheader: 'No se ha cambiado ninguna dirección.',
    intro:
      'Alguien ha intentado pasar otra cuenta de {brand} a esta dirección de correo. Esta dirección ya tiene su propia cuenta, así que no se ha cambiado nada.',
    button: 'Iniciar sesión',
  },
  deletionCode: {
    subject: 'Tu código de {brand} para eliminar tu cuenta: {code}',
    preheader: 'Introdúcelo para confirmar la eliminación.',
    intro: 'Introduce este código en tu configuración para confirmar que quieres eliminar definitivamente tu cuenta de {brand}:',
    expiry: 'El código es válido durante {minutes} minutos. Si no lo has pedido, ignora este correo: tu cuenta seguirá como está.',
  },
  ssoLinkCode: {
    subject: 'Tu código de {brand} para conectar un proveedor de inicio de sesión: {code}',
    preheader: 'Introdúcelo para confirmar la conexión.',
    intro:
      'Introduce este código en la configuración de tu cuenta para confirmar que Google o Microsoft se conecte a tu cuenta de {brand}:',
    expiry:
      'El código es válido durante {minutes} minutos. Si no lo has pedido, puede que alguien esté usando tu cuenta: cierra la sesión en todos los demás dispositivos desde la configuración y contacta con nuestro soporte.',
  },
  passkeyCode: {
    subject: 'Tu código de {brand} para cambiar tus llaves de acceso: {code}',
    preheader: 'Introdúcelo para confirmar el cambio.',
    intro:
      'Introduce este código en la configuración de tu cuenta para confirmar el cambio en las llaves de acceso de tu cuenta de {brand} (añadir, renombrar o quitar una):',
    expiry:
      'El código es válido durante {minutes} minutos. Si no lo has pedido, puede que alguien esté usando tu cuenta: cierra la sesión en todos los demás dispositivos desde la configuración y contacta con nuestro soporte.',
  },
  accountDeleted: {
    subject: 'Se ha eliminado tu cuenta de {brand}',
    preheader: 'Gracias por haber estado con nosotros.',
    intro:
      'Tu cuenta de {brand} ({email}) y los datos personales guardados con ella se han eliminado, como pediste. Puedes volver a registrarte con esta dirección cuando quieras.',
    after: 'Si no has eliminado tu cuenta, ponte en contacto con nuestro equipo de asistencia de inmediato.',
  },
  twoFactorCode: {
    subject: 'Tu código de {brand} para la verificación en dos pasos: {code}',
    preheader: 'Introdúcelo para confirmar el cambio.',
    intro:
      'Introduce este código en la configuración de tu cuenta para confirmar el cambio de la verificación en dos pasos de tu cuenta de {brand}:',
    expiry:
      'El código es válido durante {minutes} minutos. Si no lo has pedido, puede que alguien esté usando tu cuenta: cierra la sesión en todos los demás dispositivos desde la configuración y ponte en contacto con nuestro soporte.',
  },
  twoFactorEnabled: {
    subject: 'La verificación en dos pasos está activada en tu cuenta de {brand}',
    preheader: 'Al iniciar sesión también se pedirá un código de tu aplicación de autenticación.',
    intro:
      'Se acaba de activar la verificación en dos pasos en tu cuenta de {brand} ({email}). Al iniciar sesión también se pedirá un código de tu aplicación de autenticación o uno de tus códigos de recuperación.',
    button: 'Abrir la configuración',
    notYou: 'Si no has sido tú, restablece tu contraseña de inmediato y ponte en contacto con nuestro soporte.',
  },
  twoFactorDisabled: {
    subject: 'La verificación en dos pasos está desactivada en tu cuenta de {brand}',
    preheader: 'Al iniciar sesión ya no se pedirá ningún código.',
    intro:
      'Se acaba de desactivar la verificación en dos pasos en tu cuenta de {brand} ({email}). Al iniciar sesión ya no se pedirá un código de tu aplicación de autenticación.',
    button: 'Abrir la configuración',
    notYou:
      'Si no has sido tú, restablece tu contraseña de inmediato, vuelve a activar la verificación en dos pasos y ponte en contacto con nuestro soporte.',
  },
  twoFactorReset: {
    subject: 'Se ha restablecido la verificación en dos pasos de tu cuenta de {brand}',
    preheader: 'Nuestro soporte la ha desactivado a petición tuya.',
    intro:
      'Nuestro soporte ha desactivado la verificación en dos pasos de tu cuenta de {brand} ({email}), tal como pediste tras perder tu aplicación de autenticación y tus códigos de recuperación. Ya no funcionan.',
    button: 'Volver a activarla',
    after: 'Si no lo has pedido, restablece tu contraseña de inmediato y ponte en contacto con nuestro soporte.',
  },
  wayInAdded: {
    subject: 'Nueva forma de iniciar sesión en tu cuenta de {brand}',
    preheader: '{method} ya permite iniciar sesión en tu cuenta.',
    intro: '{method} se acaba de añadir a tu cuenta de {brand} ({email}) como forma de iniciar sesión.',
    button: 'Abrir la configuración',
    notYou:
      'Si no has sido tú, quita esa forma de iniciar sesión desde la configuración, cambia tu contraseña de inmediato y ponte en contacto con nuestro soporte.',
  },
  wayInRemoved: {
    subject: 'Se ha quitado una forma de iniciar sesión de tu cuenta de {brand}',
    preheader: '{method} ya no permite iniciar sesión en tu cuenta.',
    intro: '{method} se acaba de quitar de tu cuenta de {brand} ({email}) y ya no permite iniciar sesión en ella.',
    button: 'Abrir la configuración',
    notYou: 'Si no has sido tú, cambia tu contraseña de inmediato y ponte en contacto con nuestro soporte.',
  },
  /** One way in, as the subject of the two notices above ({detail}: a passkey's name, a provider). */
  wayIn: {
    password: 'Una contraseña',
    identity: 'Tu cuenta de {detail}',
    panelLink: 'Un vínculo con un panel de hosting ({detail})',
    passkey: 'La llave de acceso «{detail}»',
    authenticator: 'Una aplicación de autenticación',
    recoveryCodes: 'Un nuevo conjunto de códigos de recuperación',
  },
  /** Each kind of way in, as an item of the recovered mail's list. */
  wayInsAddedSince: {
    password: 'la contraseña',
    identity: 'las conexiones de inicio de sesión (Google, Microsoft)',
    panelLink: 'los vínculos con paneles de hosting',
    passkey: 'las llaves de acceso',
    authenticator: 'la aplicación de autenticación con sus códigos de recuperación',
    recoveryCodes: 'los códigos de recuperación',
  },
  teamInvitation: {
    subject: 'Únete al equipo de {team} en {brand}',
    preheader: '{inviter} te ha invitado a su equipo de monitorización.',
    intro: '{inviter} te ha invitado a unirte al equipo de {team} en {brand} para ver sus servidores, sitios web y alertas.',
    /** When the team has a name of its own (the lines above name it after its owner). */
    subjectNamed: 'Únete al equipo «{team}» en {brand}',
    introNamed: '{inviter} te ha invitado a unirte al equipo «{team}» en {brand} para ver sus servidores, sitios web y alertas.',
    button: 'Aceptar la invitación',
    expiry: 'La invitación es válida durante {days} días, hasta el {date}.',
    notExpected: 'Si no esperabas esta invitación, puedes ignorar este correo. No cambiará nada.',
  },
  accountDisabled: {
    subject: 'Tu cuenta de {brand} ha sido desactivada',
    preheader: 'Ya no puedes iniciar sesión.',
    intro:
      'Nuestro equipo de soporte ha desactivado tu cuenta de {brand} ({email}). Ya no puedes iniciar sesión en ella y se ha cerrado la sesión en todos los dispositivos y aplicaciones.',
    after: 'Si crees que se trata de un error, ponte en contacto con nuestro soporte.',
  },
  accountEnabled: {
    subject: 'Tu cuenta de {brand} vuelve a estar activada',
    preheader: 'Puedes iniciar sesión como antes.',
    intro: 'Nuestro equipo de soporte ha vuelto a activar tu cuenta de {brand} ({email}). Puedes iniciar sesión como antes.',
    button: 'Iniciar sesión',
    after: 'Si no lo esperabas, ponte en contacto con nuestro soporte.',
  },
  sessionsEndedBySupport: {
    subject: 'Se ha cerrado la sesión de tu cuenta de {brand}',
    preheader: 'Vuelve a iniciar sesión para continuar.',
    intro:
      'Nuestro equipo de soporte ha cerrado la sesión de tu cuenta de {brand} ({email}) en todos los dispositivos y aplicaciones. Vuelve a iniciar sesión para continuar.',
    button: 'Iniciar sesión',
    after: 'Si no lo has pedido, cambia tu contraseña de inmediato y ponte en contacto con nuestro soporte.',
  },
};

export default es;
