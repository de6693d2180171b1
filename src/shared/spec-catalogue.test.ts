import { describe, expect, it } from 'vitest';
import { COOKIE, LIMITS, MSG, SPEC_LABEL } from './messages/common';
import {
  canSearchAllClients,
  canViewEvents,
  hasFullAccess,
  isBackOfficeEnabled,
  isCollaborator,
  isSuperAdmin,
  permissions,
} from './roles';

/**
 * The spec's texts and numbers, copied from seed-spec.md word for word (its spelling and missing accents
 * included). A change to the catalogue that drifts from the spec fails here.
 */
describe('spec section 5: validation messages', () => {
  it.each([
    [MSG.emailRequired, 'Correo es Requerido'],
    [MSG.emailInvalid, 'Correo debe ser valido'],
    [MSG.passwordRequired, 'Contraseña es Requerido'],
    [MSG.nameRequired, 'Nombre es Requerido'],
    [MSG.passwordMin, 'Contraseña debe tener al menos 8 caracteres'],
    [MSG.passwordMismatch, 'Contraseña no coincide'],
    [MSG.phoneInvalid, 'Telefono debe ser solo numeros, sin puntos y sin +'],
    [MSG.dniInvalid, 'DNI debe tener exactamente 8 dígitos sin puntos'],
    [MSG.termsRequired, 'Debe aceptar los términos y condiciones'],
    [MSG.invalidForm, 'Por favor, complete todos los campos requeridos correctamente.'],
    [MSG.required, 'Requerido'],
    [MSG.invalidInput, 'Entrada inválida'],
    [MSG.invalidDate, 'Fecha inválida'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('keeps an (unused) province message', () => {
    expect(MSG.provinceRequired).toMatch(/^Provincia/);
  });
});

describe('spec section 8: error and success texts', () => {
  it.each([
    [MSG.loginUnauthorized, 'Credenciales erroneas: contraseña o correo incorrecto'],
    [MSG.loginUnverified, 'Usuario no verificado, revise su correo'],
    [MSG.loginError, 'Ocurrio un error al iniciar sesión'],
    [MSG.cookiesDisabled, 'Las cookies están deshabilitadas en su navegador. Por favor, actívelas para continuar.'],
    [MSG.registerError, 'Ocurrio un error al registrar'],
    [MSG.registerDialogError, 'Error al registrar, por favor, intente nuevamente.'],
    [MSG.verifyError, 'Ocurrio un error al verificar'],
    [MSG.recoverError, 'Ocurrio un error al recuperar la contraseña'],
    [MSG.resetError, 'No se pudo cambiar la contraseña'],
    [MSG.profileError, 'Error al actualizar el perfil'],
    [MSG.profileDataError, 'Error al actualizar los datos'],
    [MSG.passwordChangeError, 'Error al cambiar la contraseña'],
    [MSG.refreshError, 'Error al actualizar permisos / Por favor, inicia sesión nuevamente'],
    [MSG.loginSuccess, 'Ingreso Exitoso'],
    [MSG.registerSuccess, 'Registro exitoso, verifique su correo'],
    [MSG.verifySuccess, 'Email verificado con exito'],
    [MSG.recoverSuccess, 'Revise su correo para restablecer la contraseña'],
    [MSG.resetSuccess, 'Contraseña cambiada exitosamente'],
    [MSG.passwordChangeSuccess, 'Contraseña actualizada con éxito'],
    [MSG.rolesUpdated, 'Permisos actualizados'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('every text is in composed Unicode (an "ñ" typed as n + tilde would not match the spec)', () => {
    for (const text of Object.values(MSG)) expect(text).toBe(text.normalize('NFC'));
  });
});

describe('spec section 2: labels', () => {
  it.each([
    [SPEC_LABEL.forgotPassword, 'Olvide mi contraseña'],
    [SPEC_LABEL.back, 'Volver'],
    [SPEC_LABEL.login, 'Ingresar'],
    [SPEC_LABEL.recover, 'Recuperar'],
    [SPEC_LABEL.registerLink, 'Registrarme'],
    [SPEC_LABEL.signIn, 'Iniciar Sesión'],
    [SPEC_LABEL.signUp, 'Registrarse'],
    [SPEC_LABEL.createEvent, 'Crea tu evento'],
    [SPEC_LABEL.controlPanel, 'Panel de Control'],
    [SPEC_LABEL.tickets, 'Tickets'],
    [SPEC_LABEL.accessControl, 'Control de Acceso'],
    [SPEC_LABEL.collaborators, 'Colaboradores'],
    [SPEC_LABEL.myTickets, 'Mis tickets'],
    [SPEC_LABEL.helpCenter, 'Centro de Ayuda'],
    [SPEC_LABEL.home, 'Inicio'],
    [SPEC_LABEL.profile, 'Perfil'],
    [SPEC_LABEL.createEventMobile, 'Crear evento'],
    [SPEC_LABEL.createEventFooter, 'Crear Evento'],
    [SPEC_LABEL.viewProfile, 'Ver Perfil'],
    [SPEC_LABEL.signOutAdmin, 'Cerrar Sesión'],
    [SPEC_LABEL.terms, 'Términos y Condiciones'],
    [SPEC_LABEL.privacy, 'Políticas de Privacidad'],
    [SPEC_LABEL.refunds, 'Política de Devolución'],
    [SPEC_LABEL.consumerLaw, 'Ley de Defensa al Consumidor'],
    [SPEC_LABEL.settings, 'Configuración'],
    [SPEC_LABEL.navEvents, 'EVENTOS'],
    [SPEC_LABEL.navProducers, 'PRODUCTORAS'],
    [SPEC_LABEL.navHelpCenter, 'CENTRO DE AYUDA'],
    [SPEC_LABEL.assistance, 'Asistencia'],
    [SPEC_LABEL.newEvent, 'Nuevo Evento'],
    [SPEC_LABEL.signOut, 'Cerrar sesión'],
    [SPEC_LABEL.events, 'Eventos'],
    [SPEC_LABEL.finance, 'Finanzas'],
    [SPEC_LABEL.invitations, 'Invitaciones'],
    [SPEC_LABEL.myTicketsAdmin, 'Mis Tickets'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('spec section 9: constants', () => {
  it('cookie names and lifetimes', () => {
    expect(COOKIE).toEqual({ authToken: 'auth-token', refreshToken: 'refresh-token', userData: 'user-data' });
    expect(LIMITS.accessCookieSeconds).toBe(86_400);
    expect(LIMITS.refreshCookieSeconds).toBe(5 * 86_400);
  });

  // The spec's figures, written again on purpose (one row each): the catalogue must say what the spec says.
  it.each([
    ['toastMs', 1500],
    ['resetSuccessToastMs', 5000],
    ['resetErrorToastMs', 3000],
    ['passwordMin', 8],
    ['adminMobileBreakpoint', 960],
    ['sidebarWidth', 256],
    ['appBarHeight', 70],
    ['loginDialogMaxWidth', 500],
    ['registerDialogMaxWidth', 600],
    ['verifyRedirectMs', 500],
  ] as const)('toasts, limits and sizes: %s is %d', (name, value) => {
    expect(LIMITS[name]).toBe(value);
  });
});

describe('spec section 6: roles', () => {
  const ROLES = ['USER', 'COLABORATORS', 'ADMIN', 'SUPERADMIN', 'GUEST', ''];
  const pick = (test: (rol: string) => boolean) => ROLES.filter(test);

  it('superadmin when rol contains SUPERADMIN', () => {
    expect(pick(isSuperAdmin)).toEqual(['SUPERADMIN']);
    expect(isSuperAdmin('ROLE_SUPERADMIN')).toBe(true);
  });

  it('back office when rol is exactly SUPERADMIN, ADMIN or COLABORATORS', () => {
    expect(pick(isBackOfficeEnabled)).toEqual(['COLABORATORS', 'ADMIN', 'SUPERADMIN']);
    expect(isBackOfficeEnabled('ROLE_SUPERADMIN')).toBe(false);
  });

  it('full access = ADMIN or SUPERADMIN; events: full access, USER or collaborator', () => {
    expect(pick(hasFullAccess)).toEqual(['ADMIN', 'SUPERADMIN']);
    expect(pick(canViewEvents)).toEqual(['USER', 'COLABORATORS', 'ADMIN', 'SUPERADMIN']);
    expect(pick(isCollaborator)).toEqual(['COLABORATORS']);
  });

  it('only SUPERADMIN searches all clients', () => {
    expect(pick(canSearchAllClients)).toEqual(['SUPERADMIN']);
  });

  it('permission-list checks: has, any, all', () => {
    const list = ['a', 'b'];
    expect(permissions.has(list, 'a')).toBe(true);
    expect(permissions.any(list, ['x', 'b'])).toBe(true);
    expect(permissions.all(list, ['a', 'x'])).toBe(false);
  });
});
