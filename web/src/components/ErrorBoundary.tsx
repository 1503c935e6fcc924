import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failure?: Error;
}

/** A broken view shows what happened and a way back, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = {};

  static getDerivedStateFromError(failure: Error): State {
    return { failure };
  }

  override componentDidCatch(failure: Error, info: ErrorInfo): void {
    console.warn('The console failed to draw a view', failure, info.componentStack);
  }

  override render() {
    if (!this.state.failure) return this.props.children;
    return (
      <main className="page-centre">
        <div className="notice notice-error" role="alert">
          <strong>Something went wrong on this page.</strong>
          <p>{this.state.failure.message}</p>
          <button type="button" onClick={() => window.location.reload()}>Reload the console</button>
        </div>
      </main>
    );
  }
}
