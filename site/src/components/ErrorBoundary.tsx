import { logError } from '@plateia/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorCard } from './ErrorCard.tsx';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Wraps every island: a render error shows the spec's fallback card instead of a blank
 * area, and is recorded in the error log (which also posts it to `/api/errors`).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(error, { type: 'react', context: { componentStack: info.componentStack ?? undefined } });
  }

  override render() {
    if (this.state.failed) {
      // Re-mounting the subtree is the honest retry: the failure may have been transient.
      return <ErrorCard onRetry={() => this.setState({ failed: false })} />;
    }
    return this.props.children;
  }
}
