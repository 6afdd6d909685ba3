import type { ComponentPropsWithRef } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

type ButtonProps = ComponentPropsWithRef<'button'> & {
  variant?: ButtonVariant;
  isBusy?: boolean;
};

/** Class names for anything styled as a button (links included). */
export function buttonClassName(variant: ButtonVariant = 'primary', extra?: string): string {
  return ['button', `button--${variant}`, extra].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  isBusy = false,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, className)}
      aria-busy={isBusy || undefined}
      {...rest}
    >
      {isBusy && <span className="button__spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
