import type { ReactNode } from 'react';

type AlertProps = {
  /** 'error' is announced at once (role=alert); the others politely (role=status). */
  variant?: 'error' | 'success' | 'info';
  children: ReactNode;
  className?: string;
};

export function Alert({ variant = 'info', children, className }: AlertProps) {
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={['alert', `alert--${variant}`, className].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}
