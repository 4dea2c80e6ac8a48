import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useT } from '../../state/hooks';
import s from './auth.module.css';

/*
 * Form parts for the screens that render before Mantine is loaded (/login and the forced
 * password change). Labelled like Mantine's inputs: the label names the input, a required
 * field shows an asterisk hidden from screen readers, an error is linked by aria-describedby.
 */

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size' | 'className'> {
  label: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Controls drawn inside the input's right end (the captcha image, the visibility toggle). */
  section?: ReactNode;
  sectionWidth?: number;
}

export function TextField({
  label,
  error,
  required,
  inputRef,
  section,
  sectionWidth = 36,
  ...input
}: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={s.field}>
      <label htmlFor={id} className={s.label}>
        {label}
        {required && (
          <span className={s.asterisk} aria-hidden>
            *
          </span>
        )}
      </label>
      <div className={s.control}>
        <input
          {...input}
          id={id}
          ref={inputRef}
          required={required}
          className={section ? `${s.input} ${s.withSection}` : s.input}
          style={section ? { ['--qy-section-width' as string]: `${sectionWidth}px` } : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {section && <div className={s.section}>{section}</div>}
      </div>
      {error && (
        <p id={errorId} className={s.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide toggle (out of the Tab order, as Mantine's is). */
export function PasswordField(props: Omit<FieldProps, 'type' | 'section'>) {
  const t = useT();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? IconEyeOff : IconEye;
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      section={
        <button
          type="button"
          className={s.iconButton}
          tabIndex={-1}
          aria-label={t('auth.showPassword')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon size={16} aria-hidden />
        </button>
      }
    />
  );
}

interface ButtonProps {
  children: ReactNode;
  type?: 'submit' | 'button';
  variant?: 'filled' | 'subtle';
  /** Shows a spinner and ignores clicks, keeping the button's name for assistive technology. */
  loading?: boolean;
  disabled?: boolean;
  onClick?(): void;
}

export function PlainButton({
  children,
  type = 'button',
  variant = 'filled',
  loading = false,
  disabled = false,
  onClick,
}: ButtonProps) {
  return (
    <button
      type={type}
      className={variant === 'subtle' ? `${s.button} ${s.subtle}` : s.button}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onClick={onClick}
    >
      <span className={s.buttonLabel}>{children}</span>
    </button>
  );
}
