import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from './ErrorPage';

interface State {
  error: unknown;
  failed: boolean;
}

class Boundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[Cadence] unexpected application error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * A screen that throws (or whose chunk fails to load) shows 'Unexpected Application Error!' in
 * place of the route; going to another address tries again, as the data router's error element did.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }): ReactNode {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
