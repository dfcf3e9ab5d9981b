import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** Props of {@link FormField}: a label, an optional hint and error, and the input's own attributes. */
export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Extra class on the wrapper (e.g. `span-2` in a two-column grid). */
  wrapperClassName?: string;
}

/**
 * A labelled input whose hint and error are tied to it with `aria-describedby`, so screen
 * readers announce them and tests can find the field by its visible label.
 */
export function FormField({ label, hint, error, wrapperClassName, id, className, ...input }: FormFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field ${wrapperClassName ?? ''}`}>
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        className={`input ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {hint && (
        <span className="hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span className="error" id={errorId}>
          {error}
        </span>
      )}
    </div>
  );
}
