import type { ErrorMessages } from '../errors.ts';

const es = {
  'validation.invalid': 'Revisa los campos resaltados e inténtalo de nuevo',
  'validation.email_invalid': 'Introduce una dirección de correo electrónico válida',
  'validation.email_lookalike':
    'Esta dirección de correo electrónico mezcla caracteres de distintos alfabetos. Revísala e inténtalo de nuevo',
  'validation.password_required': 'Introduce tu contraseña',
  'validation.password_rule':
    'La contraseña no puede estar vacía y debe tener al menos {min} caracteres, con minúsculas, mayúsculas, números o caracteres especiales',
  'validation.password_too_long': 'La contraseña puede tener como máximo 128 caracteres',
  'validation.password_common': 'Esta contraseña es demasiado común y fácil de adivinar. Elige otra',
  'validation.password_contains_email': 'La contraseña no puede contener tu dirección de correo electrónico',
  'validation.password_mismatch': 'Las contraseñas no coinciden',
  'validation.consent_and_email': 'Da tu consentimiento e introduce una dirección de correo electrónico válida para continuar',
  'validation.consent_required': 'Da tu consentimiento para continuar',
  'validation.otp_required': 'Introduce el código que te hemos enviado',
  'otp.invalid': 'El código no es válido. Revísalo o solicita uno nuevo',
  'otp.attempts_exceeded': 'Demasiados códigos incorrectos. Solicita uno nuevo y vuelve a intentarlo',
  'panel.invalid_key': 'Esta instalación del panel no está registrada o se ha revocado',
  'validation.token_required': 'El enlace está incompleto. Vuelve a abrirlo desde el correo electrónico',
  'validation.name_too_long': 'Los nombres pueden tener como máximo 100 caracteres',
  'validation.license_invalid': 'Introduce una clave de licencia con el formato GH-XXXX-XXXX-XXXX-XXXX',
  'auth.invalid_credentials': 'El correo electrónico o la contraseña no son correctos',
  'auth.session_required': 'Inicia sesión para continuar',
  'auth.session_not_found': 'Esta sesión no existe o ya ha finalizado',
  'auth.sso_unavailable':
    'El inicio de sesión con este proveedor no está disponible aquí. Inicia sesión con tu correo electrónico y tu contraseña',
  'email.verification_failed': 'No se ha podido verificar tu dirección de correo electrónico',
  'token.invalid': 'Se ha producido un error. El enlace no es válido. Inténtalo de nuevo',
  'reset.failed': 'Error al restablecer la contraseña',
  'reset.request_new': 'Solicita un nuevo correo electrónico para restablecer la contraseña',
  'license.activation_failed': 'Error al activar la licencia',
  'license.not_found': 'Esta clave de licencia no existe',
  'license.taken': 'Otra cuenta ya está usando esta licencia',
  'license.revoked': 'Esta licencia se ha revocado',
  'license.expired': 'Esta licencia ha caducado',
  'license.account_has_license': 'Tu cuenta ya tiene una licencia activa',
  'license.wrong_panel': 'Esta licencia pertenece a otro panel de alojamiento. Actívala desde el panel para el que se emitió',
  'rate.limited': 'Demasiados intentos. Espera un momento e inténtalo de nuevo',
  'request.malformed': 'No se ha podido leer la solicitud',
  'request.too_large': 'La solicitud es demasiado grande',
  'request.unsupported_media_type': 'Este tipo de contenido no es compatible',
  'request.too_complex': 'La solicitud tiene demasiados campos anidados o repetidos',
  'request.cross_site': 'No se permiten solicitudes procedentes de otros sitios',
  'request.not_found': 'Página no encontrada: {path}',
  'server.busy': 'El servicio está saturado. Inténtalo de nuevo en un momento',
  'server.unavailable': 'El servicio no está disponible temporalmente. Inténtalo de nuevo en un momento',
  'server.internal': 'Error interno del servidor',
  'network.failed': 'No se ha podido conectar con el servicio. Comprueba tu conexión e inténtalo de nuevo',
  // Per-account cap on failed sign-ins
  'auth.signin_paused':
    'El inicio de sesión con contraseña está en pausa tras demasiados intentos fallidos. Restablece tu contraseña para volver a iniciar sesión',
} satisfies ErrorMessages;

export default es;
