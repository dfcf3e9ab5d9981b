import type { ReactNode } from 'react';
import { openLoginDialog } from '../lib/login-dialog.ts';

/** Props of {@link LoggedOutCard}. */
export interface LoggedOutCardProps {
  /** Path data of the 24×24 icon drawn above the title. */
  iconPath: string;
  /** Why this page needs an account. */
  children: ReactNode;
}

/**
 * The "Acesse sua conta" card an account page shows to a visitor: "Fazer login" opens the
 * login dialog, "Criar conta" goes to sign-up.
 */
export function LoggedOutCard({ iconPath, children }: LoggedOutCardProps) {
  return (
    <div className="card status-card">
      <svg className="status-icon" width="48" height="48" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d={iconPath} />
      </svg>
      <h2>Acesse sua conta</h2>
      <p>{children}</p>
      <div className="status-actions">
        <button type="button" className="btn btn-primary" onClick={() => void openLoginDialog()}>
          Fazer login
        </button>
        <a className="btn btn-secondary" href="/cadastro">
          Criar conta
        </a>
      </div>
    </div>
  );
}
