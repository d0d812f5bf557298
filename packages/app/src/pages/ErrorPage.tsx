import type { ReactNode } from 'react';

/** What a route's error boundary shows (docs/product.md#routes: 'Unexpected Application Error!'). */
export function ErrorPage({ error }: { error: unknown }): ReactNode {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div className="state state--page" role="alert">
      <div className="card card--narrow">
        <h1 className="card__title">Unexpected Application Error!</h1>
        <p className="error-detail">{detail}</p>
        <p className="muted">Something went wrong on this screen. Reload the page or go back to the dashboard.</p>
        <div className="row">
          <button type="button" className="button" onClick={() => window.location.reload()}>Reload</button>
          <a href="/" className="button button--primary">Go to Dashboard</a>
        </div>
      </div>
    </div>
  );
}
