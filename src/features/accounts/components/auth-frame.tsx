import { type ReactNode, useId } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { AUTH_TEXT } from '../../../shared/messages/accounts';

/**
 * The frame of an account form: the spec's dialog over the page (opened from the navigation once the page
 * is live), or the same form as the page itself at /ingresar and /registrarme (what those links open
 * before the page is live, or without scripts). Same fields, texts and behaviour either way.
 */
export function AuthFrame({
  page,
  title,
  maxWidth,
  anchorTop,
  onClose,
  children,
}: {
  page: boolean;
  title: string;
  maxWidth: number;
  /** The dialog's box at the top (a long form on a phone: see Dialog). */
  anchorTop?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  if (!page)
    return (
      <Dialog
        title={title}
        maxWidth={maxWidth}
        closeLabel={AUTH_TEXT.close}
        closeOnBackdrop
        anchorTop={anchorTop}
        onClose={onClose}
      >
        {children}
      </Dialog>
    );
  return (
    <section
      aria-labelledby={titleId}
      className="mx-auto flex w-full flex-col gap-4 rounded-box bg-base-200 p-6"
      style={{ maxWidth }}
    >
      <h1 id={titleId} className="text-2xl font-bold">
        {title}
      </h1>
      {children}
    </section>
  );
}

/**
 * The line under an account form that leads to the other one ("¿No tenés cuenta? Registrarme"). On the
 * page it is a plain link to the other page; over another page it swaps the dialog instead.
 */
export function AuthSwitch({
  page,
  prompt,
  href,
  label,
  open,
}: {
  page: boolean;
  prompt: string;
  href: string;
  label: string;
  open: () => void;
}) {
  return (
    <p className="text-center text-sm">
      {prompt}{' '}
      <a
        href={href}
        className="link link-primary"
        onClick={(e) => {
          if (page) return; // the page's link goes to the other page
          e.preventDefault();
          open();
        }}
      >
        {label}
      </a>
    </p>
  );
}
