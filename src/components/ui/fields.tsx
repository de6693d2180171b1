import {
  type ButtonHTMLAttributes,
  type ChangeEvent,
  cloneElement,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
  useState,
} from 'react';
import { KIT_TEXT } from '../../shared/messages/common';
import { useAdoptedControl, useLive } from './adopt';

/** How a field shows its label: `hideLabel` leaves it to screen readers (a search box with a placeholder beside
 * its button); `large` is the door's size (label and control, for a phone held at arm's length). */
type LabelOptions = { hideLabel?: boolean; large?: boolean };

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> &
  LabelOptions & {
    label: string;
    value: string;
    error?: string;
    hint?: string;
    onValue: (value: string) => void;
  };

/** Field errors from the API, keyed by path ('dates.0.ticket_types.1.price_cents'). */
export type FieldErrors = Record<string, string[]>;

/** The id of what describes a control: its error, else its hint. */
const describedBy = (id: string, error?: string, hint?: string) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;

/** A control's hint, or its message in place of the hint (`${id}-hint`, `${id}-error`). */
function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={`${id}-error`} className="text-error text-sm">
        {error}
      </p>
    );
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-base-content/60">
      {hint}
    </p>
  ) : null;
}

/**
 * What a labelled text control (an input or a select) carries: its id, the value it adopts when it comes
 * alive, its change handler, and the ARIA wiring to its message or hint.
 */
function useFieldControl<E extends HTMLInputElement | HTMLSelectElement>(
  value: string,
  onValue: (value: string) => void,
  error?: string,
  hint?: string,
) {
  const id = useId();
  const ref = useAdoptedControl<E>(value, onValue);
  return {
    ref,
    id,
    value,
    onChange: (e: ChangeEvent<E>) => onValue(e.target.value),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
}

/** The label above a control, its hint or its message under it (`${id}-hint`, `${id}-error`). */
function FieldFrame({
  id,
  label,
  error,
  hint,
  hideLabel,
  large,
  className = '',
  children,
}: LabelOptions & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col ${large ? 'gap-2' : 'gap-1'} ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : large ? 'text-lg' : 'text-sm font-medium'}>
        {label}
      </label>
      {children}
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

/**
 * A label, hint and message around any one control (a textarea, a file input, an input with a prefix):
 * the control gets the id, `aria-describedby` and `aria-invalid`. `error` takes the API's list for a path.
 */
export function Field({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string | string[];
  hint?: string;
  className?: string;
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
}) {
  // The label names only its own control (not a nested select's options), for screen readers and tests.
  const id = useId();
  const message = Array.isArray(error) ? error[0] : error;
  return (
    <FieldFrame id={id} label={label} error={message} hint={hint} className={className}>
      {cloneElement(children, {
        id,
        'aria-describedby': describedBy(id, message, hint),
        'aria-invalid': message ? true : undefined,
      })}
    </FieldFrame>
  );
}

/** A bare text input for `Field` (value in, text out), red when its field has an error. */
export function TextInput({
  value,
  onChange,
  type = 'text',
  invalid,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
}) {
  const bad = invalid || rest['aria-invalid'] === true;
  const ref = useAdoptedControl<HTMLInputElement>(value, onChange);
  return (
    <input
      {...rest}
      ref={ref}
      type={type}
      value={value}
      aria-invalid={bad || undefined}
      className={`input w-full ${bad ? 'input-error' : ''}`}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A labelled input with its message under it, wired for screen readers (`className` adds to the kit's). */
export function TextField(props: FieldProps) {
  const { label, value, error, hint, onValue, hideLabel, large, className = '', ...input } = props;
  const control = useFieldControl<HTMLInputElement>(value, onValue, error, hint);
  return (
    <FieldFrame id={control.id} label={label} error={error} hint={hint} hideLabel={hideLabel} large={large}>
      <input
        {...control}
        className={`input w-full ${large ? 'input-lg' : ''} ${error ? 'input-error' : ''} ${className}`}
        {...input}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  const { label, value, error, onValue, hideLabel, large, ...input } = props;
  const control = useFieldControl<HTMLInputElement>(value, onValue, error);
  return (
    <FieldFrame id={control.id} label={label} error={error} hideLabel={hideLabel} large={large}>
      <div className={`input w-full pr-1 ${error ? 'input-error' : ''}`}>
        <input {...control} type={visible ? 'text' : 'password'} className="grow" {...input} />
        <button
          type="button"
          className="btn btn-ghost btn-xs"
          aria-pressed={visible}
          aria-label={visible ? KIT_TEXT.hidePassword : KIT_TEXT.showPassword}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? KIT_TEXT.hide : KIT_TEXT.show}
        </button>
      </div>
    </FieldFrame>
  );
}

type CheckProps = {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  error?: string;
  hint?: string;
  /** The label is read by screen readers only (a row's checkbox in a table, named by its row). */
  hideLabel?: boolean;
  disabled?: boolean;
  /** The control's colour when on: `warning` for an override that needs care, `success` for "active". */
  tone?: 'primary' | 'success' | 'warning';
};

/** How each kind of check control looks: its daisyUI class and its colour when on. */
const CHECK_LOOK = {
  checkbox: {
    // 24 px: a tap target of at least 24 × 24 (WCAG 2.5.8) however close the next one sits.
    base: 'checkbox checkbox-md',
    tone: { primary: 'checkbox-primary', success: 'checkbox-success', warning: 'checkbox-warning' },
  },
  switch: {
    base: 'toggle toggle-sm',
    tone: { primary: 'toggle-primary', success: 'toggle-success', warning: 'toggle-warning' },
  },
};

/** A checkbox-backed control with its label beside it, and its hint or message under it. */
function CheckControl({ kind, ...props }: CheckProps & { kind: keyof typeof CHECK_LOOK }) {
  const { label, checked, error, hint, hideLabel, disabled, tone = 'primary', onChecked } = props;
  const id = useId();
  const ref = useAdoptedControl<HTMLInputElement>(checked, onChecked);
  const look = CHECK_LOOK[kind];
  const isSwitch = kind === 'switch';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex w-fit cursor-pointer items-start gap-2 text-sm">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          role={isSwitch ? 'switch' : undefined}
          aria-checked={isSwitch ? checked : undefined}
          className={`${look.base} ${look.tone[tone]}`}
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChecked(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
        />
        <span className={hideLabel ? 'sr-only' : undefined}>{label}</span>
      </label>
      <FieldNote id={id} error={error} hint={hint} />
    </div>
  );
}

/** A checkbox with its label (something to accept or to pick among several). */
export function CheckboxField(props: CheckProps) {
  return <CheckControl kind="checkbox" {...props} />;
}

/**
 * An on/off setting (daisyUI's `toggle`): a real checkbox announced as a switch, named by its label, with
 * its hint under it. It acts at once or is saved with its form, as a checkbox would be.
 */
export function ToggleField(props: CheckProps) {
  return <CheckControl kind="switch" {...props} />;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> &
  LabelOptions & {
    label: string;
    value: string;
    error?: string;
    hint?: string;
    onValue: (value: string) => void;
    children: ReactNode;
  };

/** A labelled select with its message under it. */
export function SelectField(props: SelectProps) {
  const { label, value, error, hint, onValue, children, hideLabel, large, className = '', ...select } = props;
  const control = useFieldControl<HTMLSelectElement>(value, onValue, error, hint);
  return (
    <FieldFrame id={control.id} label={label} error={error} hint={hint} hideLabel={hideLabel} large={large}>
      <select
        {...control}
        className={`select w-full ${large ? 'select-lg' : ''} ${error ? 'select-error' : ''} ${className}`}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}

/** A bare select for `Field` or a table row (value in, value out); adopts an early pick like the fields. */
export function Select({
  value,
  onValue,
  children,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  value: string;
  onValue: (value: string) => void;
  children: ReactNode;
}) {
  const ref = useAdoptedControl<HTMLSelectElement>(value, onValue);
  return (
    <select {...rest} ref={ref} value={value} onChange={(e) => onValue(e.target.value)}>
      {children}
    </select>
  );
}

/** A bare textarea for `Field` (value in, text out); adopts early text like the fields. */
export function TextArea({
  value,
  onValue,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> & {
  value: string;
  onValue: (value: string) => void;
}) {
  const ref = useAdoptedControl<HTMLTextAreaElement>(value, onValue);
  return <textarea {...rest} ref={ref} value={value} onChange={(e) => onValue(e.target.value)} />;
}

/** A bare radio (one of a group drawn by hand); a radio chosen before the island was live is adopted. */
export function Radio({
  checked,
  onChoose,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'checked' | 'type'> & {
  checked: boolean;
  onChoose: () => void;
}) {
  const ref = useAdoptedControl<HTMLInputElement>(checked, onChoose);
  return <input {...rest} ref={ref} type="radio" checked={checked} onChange={() => onChoose()} />;
}

/**
 * A form's main button: disabled with "Cargando…" beside it until the island is live, so a tap that the page
 * could not act on yet is never taken and forgotten; disabled (with a spinner) while `busy`.
 */
export function SubmitButton({
  busy = false,
  disabled = false,
  children,
  type = 'submit',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy?: boolean }) {
  const live = useLive();
  return (
    <>
      <button {...rest} type={type} disabled={!live || busy || disabled} aria-busy={busy || undefined}>
        {busy ? <span className="loading loading-spinner" /> : null}
        {children}
      </button>
      {!live && (
        <span className="text-center text-xs text-base-content/70" data-loading-hint>
          {KIT_TEXT.loading}
        </span>
      )}
    </>
  );
}
