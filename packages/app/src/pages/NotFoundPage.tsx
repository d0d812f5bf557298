import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** docs/product.md#routes: any other path. */
export function NotFoundPage(): ReactNode {
  const { pathname } = useLocation();
  useEffect(() => {
    // Logged for whoever follows broken links, as the original product does.
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);
  return (
    <div className="state">
      <div className="card card--narrow">
        <p className="big-number" aria-hidden="true">404</p>
        <h1 className="card__title">Oops! Page not found</h1>
        <p className="muted">
          There is nothing at <code>{pathname}</code>.
        </p>
        <Link to="/" className="button button--primary">Return to Home</Link>
      </div>
    </div>
  );
}
