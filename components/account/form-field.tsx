'use client';
import { forwardRef, useId, type InputHTMLAttributes } from 'react';
import { useShownLang } from '@/lib/i18n/i18n';
import { localiseServerMessage } from '@/lib/i18n/server-messages';
import styles from './account-form.module.scss';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The inline message; shown only when the form decides the field has earned it. */
  error?: string;
}

/** A labelled input with its inline error tied to it for assistive technology. */
export const FormField = forwardRef<HTMLInputElement, FormFieldProps>(function FormField(
  { label, error, id, ...input },
  ref,
) {
  // The rules' messages are the spec's English (lib/rules/messages.ts, shared with the server): shown in
  // the shopper's language (rendered again when it changes).
  useShownLang();
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={styles.input}
        // What is typed reads in its own direction: a Latin e-mail or name in an Arabic form stays in order.
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {localiseServerMessage(error)}
        </p>
      ) : null}
    </div>
  );
});
