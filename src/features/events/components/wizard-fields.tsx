import type { ReactNode } from 'react';

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
  children: ReactNode;
  hint?: string;
  className?: string;
}) {
  return (
    <label className={`flex flex-col gap-1 text-sm ${className}`}>
      <span className="font-medium">{label}</span>
      {children}
      {hint && !error && <span className="text-xs text-base-content/60">{hint}</span>}
      {error && <span className="text-xs text-error">{error[0]}</span>}
    </label>
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
}) {
  return (
    <input
      {...rest}
      type={type}
      value={value}
      aria-invalid={invalid || undefined}
      className={`input w-full ${invalid ? 'input-error' : ''}`}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
