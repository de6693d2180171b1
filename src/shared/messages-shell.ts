/**
 * The site's shell (top navigation, side drawer, bottom bar, footer, the back-office header), in voseo. The
 * spec's own names (Inicio, Perfil, Ver Perfil, the legal links…) are SPEC_LABEL's; the navigation menus'
 * items live in src/components/layout/nav-items.ts.
 */
export const SHELL_TEXT = {
  logoHome: 'Boletería, ir al inicio',
  mainNav: 'Principal',
  openMenu: 'Abrir menú',
  menu: 'Menú',
  closeMenu: 'Cerrar menú',
  sideMenu: 'Menú lateral',
  bottomBar: 'Barra inferior',
  qrAccess: 'QR: control de acceso',
  openSections: 'Abrir secciones',
  panelSections: 'Secciones del panel',
  closeSections: 'Cerrar secciones',
  accountOf: 'Cuenta de',
  tagline:
    'Entradas para recitales, teatro, fiestas y festivales en toda la Argentina. Comprá en minutos y entrá con tu QR.',
  brand: 'Boletería',
  brandHeading: 'BOLETERÍA',
  userSupport: 'Atención al usuario',
  legal: 'Legales',
  legalHeading: 'LEGALES',
  followHeading: 'SEGUINOS',
  withdrawal: 'Botón de arrepentimiento',
  copyright: (year: number) => `© ${year} Boletería. Precios en pesos argentinos (ARS) con impuestos incluidos.`,
} as const;
