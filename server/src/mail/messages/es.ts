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
  // Teams
  teamInvitation: {
    subject: 'Únete al equipo de {team} en {brand}',
    preheader: '{inviter} te ha invitado a su equipo de monitorización.',
    intro: '{inviter} te ha invitado a unirte al equipo de {team} en {brand} para ver sus servidores, sitios web y alertas.',
    button: 'Aceptar la invitación',
    expiry: 'La invitación es válida durante {days} días, hasta el {date}.',
    notExpected: 'Si no esperabas esta invitación, puedes ignorar este correo. No cambiará nada.',
  },
};

export default es;
