import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../src/components/ui/confirm-dialog';
import { Dialog } from '../../src/components/ui/dialog';
import { CheckboxField, SelectField, TextField, ToggleField } from '../../src/components/ui/fields';

/**
 * The UI kit's markup, rendered on the server (its behaviour in a browser, focus and keys, is covered by the
 * e2e specs and the axe audits): each control is named by its own label and described by its hint or error.
 */
function render(node: ReactElement) {
  const markup = renderToStaticMarkup(node);
  /** The value of an attribute on the first `tag` that has it. */
  const attr = (tag: string, name: string) => new RegExp(`<${tag}[^>]*\\s${name}="([^"]*)"`).exec(markup)?.[1];
  return { attr, markup };
}
const noop = () => undefined;

describe('ToggleField', () => {
  it('is a real checkbox announced as a switch, with its state, named by its label', () => {
    const { attr, markup } = render(<ToggleField label="Reingreso" checked onChecked={noop} />);
    expect(attr('input', 'type')).toBe('checkbox');
    expect(attr('input', 'role')).toBe('switch');
    expect(attr('input', 'aria-checked')).toBe('true');
    expect(markup).toMatch(/<input[^>]*checked=""/);
    const id = attr('input', 'id');
    expect(id).toBeTruthy();
    expect(attr('label', 'for')).toBe(id);
    expect(markup).toMatch(/<label[^>]*>.*<span>Reingreso<\/span><\/label>/);
  });

  it('says "off" when unchecked and is described by its hint, then by its error instead', () => {
    const off = render(<ToggleField label="Activa" hint="Se ve en la web" checked={false} onChecked={noop} />);
    expect(off.attr('input', 'aria-checked')).toBe('false');
    expect(off.markup).not.toMatch(/<input[^>]*checked=""/);
    const id = off.attr('input', 'id');
    expect(off.attr('input', 'aria-describedby')).toBe(`${id}-hint`);
    expect(off.markup).toContain(`id="${id}-hint"`);

    const bad = render(
      <ToggleField label="Activa" hint="Se ve en la web" error="No se pudo" checked={false} onChecked={noop} />,
    );
    const badId = bad.attr('input', 'id');
    expect(bad.attr('input', 'aria-describedby')).toBe(`${badId}-error`);
    expect(bad.attr('input', 'aria-invalid')).toBe('true');
    expect(bad.markup).toContain(`id="${badId}-error"`);
    expect(bad.markup).not.toContain('Se ve en la web');
  });

  it('keeps a hidden label for screen readers and takes its tone', () => {
    const { markup } = render(<ToggleField label="Activa" hideLabel tone="success" checked onChecked={noop} />);
    expect(markup).toContain('<span class="sr-only">Activa</span>');
    expect(markup).toMatch(/class="toggle toggle-sm toggle-success"/);
  });
});

describe('CheckboxField', () => {
  it('stays a plain checkbox (no switch role) named by its label', () => {
    const { attr, markup } = render(<CheckboxField label="Acepto" checked={false} onChecked={noop} />);
    expect(attr('input', 'type')).toBe('checkbox');
    expect(markup).not.toContain('role="switch"');
    expect(attr('label', 'for')).toBe(attr('input', 'id'));
  });
});

describe('TextField and SelectField', () => {
  it('hide their label visually but keep it as the accessible name', () => {
    const { attr, markup } = render(<TextField label="Código" hideLabel value="" onValue={noop} placeholder="x" />);
    expect(markup).toMatch(/<label[^>]*class="sr-only"[^>]*>Código<\/label>/);
    expect(attr('label', 'for')).toBe(attr('input', 'id'));
    // The kit's own options do not leak onto the DOM.
    expect(markup).not.toMatch(/hidelabel|large=/i);
  });

  it('grow to the door size with `large`', () => {
    const { markup } = render(
      <SelectField label="Puerta" large value="1" onValue={noop}>
        <option value="1">A</option>
      </SelectField>,
    );
    expect(markup).toMatch(/<label[^>]*class="text-lg"/);
    expect(markup).toMatch(/<select[^>]*class="select w-full select-lg/);
  });
});

describe('Dialog', () => {
  it('is a modal dialog named by its heading, with the close button only when asked', () => {
    const plain = render(
      <Dialog title="Ingresar" onClose={noop}>
        contenido
      </Dialog>,
    );
    expect(plain.attr('div', 'role')).toBe('presentation');
    expect(plain.markup).toMatch(/role="dialog"[^>]*aria-modal="true"/);
    const labelledBy = /role="dialog"[^>]*aria-labelledby="([^"]+)"/.exec(plain.markup)?.[1];
    expect(plain.markup).toContain(`<h2 id="${labelledBy}"`);
    expect(plain.markup).not.toContain('aria-label="Cerrar"');
    expect(plain.markup).not.toContain('modal-backdrop');

    const closable = render(
      <Dialog title="Ingresar" closeLabel="Cerrar" closeOnBackdrop onClose={noop}>
        x
      </Dialog>,
    );
    expect(closable.markup.match(/aria-label="Cerrar"/g)).toHaveLength(2);
    expect(closable.markup).toContain('modal-backdrop');
  });

  it('frames the confirmation: described by its text, the danger tone on the box and the red button', () => {
    const { markup } = render(
      <ConfirmDialog
        title="Cancelar evento"
        text="Se cancela."
        confirmLabel="Cancelar evento"
        tone="danger"
        onConfirm={() => null}
        onClose={noop}
      />,
    );
    const describedBy = /role="dialog"[^>]*aria-describedby="([^"]+)"/.exec(markup)?.[1];
    expect(markup).toContain(`<div id="${describedBy}"><p>Se cancela.</p></div>`);
    expect(markup).toMatch(/role="dialog"[^>]*data-tone="danger"/);
    expect(markup).toMatch(/<button type="submit" class="btn btn-error"/);
  });
});
