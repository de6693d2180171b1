import { createRoot } from 'react-dom/client';
import { AuthDialogs } from './auth-dialogs';

/** Renders the account dialogs and the toaster into the layout's placeholder (see lazy-auth-island.ts). */
export function mountAuthDialogs(container: HTMLElement) {
  createRoot(container).render(<AuthDialogs />);
}
