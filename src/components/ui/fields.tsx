import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import { KIT_TEXT } from '../../shared/messages-ui';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  error?: string;
  onValue: (value: string) => void;
};

/** The label above a control and its message under it (the control gets `id` and `${id}-error`). */
function FieldFrame({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-error text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with its message under it, wired for screen readers. */
export function TextField({ label, value, error, onValue, ...input }: FieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
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
  onValue: (value: string) => void;
  children: ReactNode;
};

/** A labelled select with its message under it. */
export function SelectField({ label, value, error, onValue, children, ...select }: SelectProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
