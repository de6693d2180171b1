import {
  cloneElement,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
  useState,
} from 'react';
import { KIT_TEXT } from '../../shared/messages-ui';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
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

/** The label above a control, its hint or its message under it (`${id}-hint`, `${id}-error`). */
function FieldFrame({
  id,
  label,
  error,
  hint,
  className = '',
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-error text-sm">
          {error}
        </p>
      )}
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
  return (
    <input
      {...rest}
      type={type}
      value={value}
      aria-invalid={bad || undefined}
      className={`input w-full ${bad ? 'input-error' : ''}`}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A labelled input with its message under it, wired for screen readers (`className` adds to the kit's). */
export function TextField({ label, value, error, hint, onValue, className = '', ...input }: FieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className}`}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: FieldProps) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const { label, value, error, onValue, ...input } = props;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <div className={`input w-full pr-1 ${error ? 'input-error' : ''}`}>
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="grow"
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
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

type CheckProps = { label: ReactNode; checked: boolean; error?: string; onChecked: (checked: boolean) => void };

export function CheckboxField({ label, checked, error, onChecked }: CheckProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex cursor-pointer items-start gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className="checkbox checkbox-primary checkbox-sm mt-0.5"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  error?: string;
  hint?: string;
  onValue: (value: string) => void;
  children: ReactNode;
};

/** A labelled select with its message under it. */
export function SelectField({ label, value, error, hint, onValue, children, className = '', ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''} ${className}`}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
