import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorPage } from './ErrorPage';

interface State {
  error: unknown;
  failed: boolean;
  /** The address the boundary last rendered: a failure is forgotten when it changes. */
  pathname: string;
}

class Boundary extends Component<{ children: ReactNode; pathname: string }, State> {
  override state: State = { error: null, failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, error: null, failed: false };
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
 * The boundary forgets its failure rather than being keyed by the address: a key would remount
 * everything inside it (the shell, its side bar) on every navigation, and show each Suspense
 * fallback anew, which React then holds on screen for its 300 ms fallback throttle.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }): ReactNode {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
