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
  'email.link_used': 'Este enlace ya se utilizó: tu cuenta está configurada. Inicia sesión para continuar',
  'email.link_expired': 'Este enlace ha caducado. Solicita uno nuevo para continuar',
  'reset.link_used':
    'Este enlace de restablecimiento ya se utilizó o se sustituyó por uno más reciente. Inicia sesión o solicita un enlace nuevo',
  'reset.link_expired': 'Este enlace de restablecimiento ha caducado. Solicita uno nuevo para continuar',
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
  'sso.cancelled': 'Se canceló el inicio de sesión. Elige una forma de iniciar sesión para continuar',
  'sso.expired': 'Este inicio de sesión ha caducado o ya se ha usado. Vuelve a empezar',
  'sso.invalid_response':
    'No se pudo verificar la respuesta del servicio de inicio de sesión, así que no se ha iniciado la sesión. Inténtalo de nuevo',
  'sso.provider_unavailable':
    'No se pudo contactar con el servicio de inicio de sesión. Inténtalo de nuevo en un momento o usa tu correo electrónico y tu contraseña',
  'sso.email_missing':
    'El servicio de inicio de sesión no ha compartido tu dirección de correo electrónico. Permite el acceso a ella e inténtalo de nuevo',
  'sso.email_unverified':
    'Ya existe una cuenta con esta dirección de correo electrónico, pero el proveedor no confirma que sea tuya. Inicia sesión con tu contraseña y después conecta el proveedor desde la página de tu cuenta',
  'sso.email_not_confirmed':
    'El servicio de inicio de sesión no confirma que esta dirección de correo electrónico sea tuya. Regístrate con tu dirección de correo electrónico',
  'sso.account_disabled': 'Esta cuenta se ha desactivado. Ponte en contacto con el soporte si necesitas ayuda',
  'sso.no_account':
    'Todavía no hay ninguna cuenta con esta dirección de correo electrónico. Acepta el consentimiento de abajo para crear una y vuelve a continuar',
  'sso.identity_taken': 'Esta cuenta del proveedor ya está conectada a otra cuenta',
  'sso.last_method':
    'Esta es tu única forma de iniciar sesión. Establece una contraseña con «¿Has olvidado tu contraseña?» o conecta otra cuenta antes de desconectar esta',
  'sso.identity_not_found': 'Esta conexión no existe o ya se ha eliminado',
  'oidc.interaction_expired': 'Este inicio de sesión en la aplicación ha caducado. Vuelve a la aplicación y empieza de nuevo',
  'oidc.invalid_request':
    'No se pudo aceptar la solicitud de inicio de sesión de la aplicación. Vuelve a la aplicación e inténtalo de nuevo, o contacta con su operador',
  'auth.wrong_password': 'La contraseña actual no es correcta',
  'account.no_password': 'Esta cuenta aún no tiene contraseña. Primero crea una con el enlace que podemos enviarte',
  'account.confirmation_required': 'Introduce tu contraseña, o el código que te hemos enviado, para confirmar',
  'email_change.same_address': 'Esta ya es la dirección de correo de tu cuenta',
  'email_change.none_pending': 'No hay ningún cambio de correo pendiente de confirmar',
  'email_change.failed': 'Este enlace para cambiar el correo no es válido o ha caducado. Vuelve a iniciar el cambio en tu configuración',
  'team.forbidden': 'Solo el propietario y los administradores del equipo pueden hacer esto',
  'team.not_found': 'Este equipo no existe o no eres miembro de él',
  'team.member_not_found': 'Esta persona no es miembro del equipo',
  'team.invitation_not_found': 'Esta invitación no existe o ya no está pendiente',
  'team.already_member': 'Esta persona ya es miembro del equipo',
  'team.owner_fixed': 'El propietario de un equipo no puede abandonarlo ni ser eliminado de él',
  'team.member_limit': 'El equipo ha alcanzado su número máximo de miembros',
  'team.invitation_limit': 'El equipo ha alcanzado su número máximo de invitaciones pendientes. Revoca una o espera a que se acepte alguna',
  'invitation.invalid': 'Este enlace de invitación no es válido. Comprueba que has abierto el enlace completo del correo',
  'invitation.expired': 'Esta invitación ha caducado. Pide una nueva al equipo',
  'invitation.revoked': 'Esta invitación ha sido retirada. Pide una nueva al equipo',
  'invitation.used': 'Esta invitación ya se ha utilizado',
  'invitation.wrong_account': 'Esta invitación se envió a otra dirección de correo. Inicia sesión con esa dirección para aceptarla',
} satisfies ErrorMessages;

export default es;
