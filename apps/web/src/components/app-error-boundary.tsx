import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Top-level boundary for anything outside the router's own error handling. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error', error, info.componentStack);
  }

  override render() {
    if (this.state.hasError) {
      return (
        <main className="error-page">
          <ErrorFallback error={this.state.error} />
        </main>
      );
    }
    return this.props.children;
  }
}
