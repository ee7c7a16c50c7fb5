/**
 * A labelled controlled input for the auth area, which keeps react-hook-form out of
 * its first load (docs/decisions/012). Looks like components/form's fields: label with
 * the 必須 tag, red message under the control, password show/hide.
 */
import { FORM_TEXT } from '@logi/contract';
import { useEffect, useId, useRef, useState, type HTMLInputAutoCompleteAttribute } from 'react';
import { Input } from '../../components/ui/input';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  required?: boolean;
  description?: string;
  name?: string;
}

export function TextField({
  label,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  required,
  description,
  name,
}: TextFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // What was typed into the page the server painted before the app took it over (decision 072)
  // is in the input but not yet in the form's state: the state takes it, once.
  useEffect(() => {
    const early = input.current?.value;
    if (early && early !== value) onChange(early);
  }, []);
  const isPassword = type === 'password';
  const describedBy = [description && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <span>{label}</span>
        {required && (
          <span className="rounded-sm bg-destructive px-1.5 py-0.5 text-[0.6875rem] leading-none font-bold text-destructive-foreground">
            {FORM_TEXT.requiredTag}
          </span>
        )}
      </label>
      {description && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      <div className="relative">
        <Input
          ref={input}
          id={id}
          name={name}
          type={isPassword && !visible ? 'password' : type === 'password' ? 'text' : type}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          className={isPassword ? 'pr-11' : undefined}
          {...(isPassword || type === 'email' ? { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } : {})}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? FORM_TEXT.hidePassword : FORM_TEXT.showPassword}
            aria-controls={id}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground"
          >
            <EyeIcon crossed={visible} />
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The eye of the show/hide toggle, drawn inline (lucide's icon data is heavier, and this is /sign-in's first load). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="m3 3 18 18" />}
    </svg>
  );
}
