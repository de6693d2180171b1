import { type SubmitEvent, useMemo, useState } from 'react';
import type { ZodType, z } from 'zod';
import '../../../shared/schemas/locale';

type Values = Record<string, unknown>;

/**
 * Form state validated on every change with a shared zod schema (the very schema the API uses, so
 * the messages match). A field's message shows once it was edited and left, or after a submit attempt.
 * Leaving an untouched field shows nothing: a message appearing on blur would shift the layout under a
 * pointer that is on its way to another control (the click would then miss it).
 */
export function useZodForm<S extends ZodType<unknown, Values>>(schema: S, initial: z.input<S>) {
  const [values, setValues] = useState<z.input<S>>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);

  const result = useMemo(() => schema.safeParse(values), [schema, values]);
  const errors = useMemo(() => {
    const map: Record<string, string> = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = String(issue.path[0] ?? '_');
        map[key] ??= issue.message;
      }
    }
    return map;
  }, [result]);

  const set = (name: keyof z.input<S> & string, value: unknown) => {
    setValues((prev) => ({ ...(prev as Values), [name]: value }) as z.input<S>);
    setDirty((prev) => (prev[name] ? prev : { ...prev, [name]: true }));
  };

  const error = (name: string) => (submitted || (touched[name] && dirty[name]) ? errors[name] : undefined);
  const touch = (name: string) => setTouched((prev) => (prev[name] ? prev : { ...prev, [name]: true }));
  /** Marks every field as touched; answers the parsed data when valid. */
  const attempt = () => {
    setSubmitted(true);
    return result.success ? (result.data as z.output<S>) : null;
  };

  return {
    values,
    set,
    valid: result.success,
    data: result.success ? (result.data as z.output<S>) : null,
    /** The message to show under a field, if any. */
    error,
    touch,
    /** The props that bind a text or password field to `name`: its value, message, edits and leaving. */
    field: (name: keyof z.input<S> & string) => ({
      value: String((values as Values)[name] ?? ''),
      error: error(name),
      onValue: (value: string) => set(name, value),
      onBlur: () => touch(name),
    }),
    touchedAny: submitted || Object.keys(dirty).some((name) => touched[name]),
    attempt,
    /**
     * A form's submit handler: keeps the browser from sending the form, marks every field as touched, and hands
     * the parsed data to `send` when valid.
     */
    onSubmit: (send: (data: z.output<S>) => Promise<unknown>) => (e: SubmitEvent<HTMLFormElement>) => {
      e.preventDefault();
      const data = attempt();
      if (data) void send(data);
    },
    reset: (next: z.input<S> = initial) => {
      setValues(next);
      setTouched({});
      setDirty({});
      setSubmitted(false);
    },
  };
}

export type ZodForm = ReturnType<typeof useZodForm>;
