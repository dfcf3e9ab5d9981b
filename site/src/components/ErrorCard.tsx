/** The spec's fallback error card, shared by the islands' error boundary and the 500 page. */
export interface ErrorCardProps {
  /**
   * Called by "Tentar Novamente". Without it (server-rendered 500 page, no JavaScript
   * needed) the button is a link that reloads the current address.
   */
  onRetry?: () => void;
  /** Address reloaded by "Tentar Novamente" when there is no `onRetry`. */
  retryHref?: string;
}

/** "Algo deu errado" card with "Tentar Novamente" and "Ir para Home". */
export function ErrorCard({ onRetry, retryHref = '' }: ErrorCardProps) {
  return (
    <div className="error-card" role="alert">
      <svg className="error-card-icon" width="48" height="48" viewBox="0 0 24 24" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 5a1.25 1.25 0 0 1 1.25 1.25v4.5a1.25 1.25 0 0 1-2.5 0v-4.5A1.25 1.25 0 0 1 12 7Zm0 10.5a1.4 1.4 0 1 1 0-2.8 1.4 1.4 0 0 1 0 2.8Z"
        />
      </svg>
      <h2 className="error-card-title">Algo deu errado</h2>
      <p className="error-card-text">Ocorreu um erro inesperado. Por favor, tente novamente.</p>
      <div className="error-card-actions">
        {onRetry ? (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Tentar Novamente
          </button>
        ) : (
          <a className="btn btn-primary" href={retryHref}>
            Tentar Novamente
          </a>
        )}
        <a className="btn btn-secondary" href="/">
          Ir para Home
        </a>
      </div>
    </div>
  );
}
