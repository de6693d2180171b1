import { cloneElement, type ReactElement, useId } from 'react';

/** Field errors from the API, keyed by path ('dates.0.ticket_types.1.price_cents'). */
export type FieldErrors = Record<string, string[]>;

export function Field({
  label,
  error,
  children,
  hint,
  className = '',
}: {
  label: string;
  error?: string[];
  children: ReactElement<{ id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }>;
  hint?: string;
  className?: string;
}) {
  // The label names only its own control (not a nested select's options), for screen readers and tests.
  const id = useId();
  const note = hint || error ? `${id}-note` : undefined;
  return (
    <div className={`flex flex-col gap-1 text-sm ${className}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {cloneElement(children, { id, 'aria-describedby': note, 'aria-invalid': error ? true : undefined })}
      {hint && !error && (
        <span id={note} className="text-xs text-base-content/60">
          {hint}
        </span>
      )}
      {error && (
        <span id={note} className="text-xs text-error">
          {error[0]}
        </span>
      )}
    </div>
  );
}

export function TextInput({
  value,
  onChange,
  type = 'text',
  invalid,
  ...rest
}: {
  value: string;
  onChange: (value: string) => void;
  type?: string;
  invalid?: boolean;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
  name?: string;
  min?: string;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const bad = invalid || rest['aria-invalid'];
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
