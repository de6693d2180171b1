import { SPEC_LABEL } from './messages';

/**
 * The site's shell (top navigation, side drawer, bottom bar, footer, the back-office header), in voseo. The
 * spec's own names (Inicio, Perfil, Ver Perfil, the legal links…) are SPEC_LABEL's; the navigation menus'
 * items live in src/components/layout/nav-items.ts.
 */
export const SHELL_TEXT = {
  logoHome: 'Boletería, ir al inicio',
  logoHomeSite: 'Boletería, ir al inicio del sitio',
  skipToContent: 'Saltar al contenido',
  accountHeading: 'CUENTA',
  description:
    'Boletería: entradas para recitales, teatro, fiestas y festivales en toda la Argentina. Comprá online y entrá con tu QR.',
  /** The <title>: the page's name and the brand (the home page is the brand alone). */
  documentTitle: (title: string) => (title === 'Boletería' ? title : `${title} | Boletería`),
  mainNav: 'Principal',
  openMenu: 'Abrir menú',
  menu: 'Menú',
  closeMenu: 'Cerrar menú',
  sideMenu: 'Menú lateral',
  bottomBar: 'Barra inferior',
  qrAccess: 'QR: control de acceso',
  openSections: 'Abrir secciones',
  panelSections: 'Secciones del panel',
  adminBottomNav: 'Navegación inferior',
  adminOnly: 'Requiere acceso de administrador',
  exitFullscreen: 'Salir de pantalla completa',
  adminTitle: (title: string) => `${title} · ${SPEC_LABEL.controlPanel}`,
  closeSections: 'Cerrar secciones',
  accountOf: 'Cuenta de',
  greeting: (firstName: string) => `Hola, ${firstName}`,
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
