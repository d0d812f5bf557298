import { MESSAGES } from '@cadence/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from './auth/auth-context';
import { RESET_TOKEN_KEY } from './auth/auth-messages';
import { renderApp } from './testing/render-app';

function Boom(): never {
  throw new Error('kaboom');
}

describe('routes (docs/product.md#routes)', () => {
  it('should send a signed-out visitor from / to /auth', async () => {
    const app = renderApp('/');
    await waitFor(() => expect(app.location().pathname).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it("should show 'Oops! Page not found' with a link home for any other path", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/nowhere');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it("should show 'Invalid Channel' for an unknown channel", async () => {
    renderApp('/channel/fax');
    expect(await screen.findByText('Invalid Channel')).toBeInTheDocument();
    expect(screen.getByText('The requested channel does not exist.')).toBeInTheDocument();
  });

  it('should ask a signed-out visitor of /ideas to sign in', async () => {
    renderApp('/ideas');
    expect(await screen.findByText('Please sign in to access campaign ideas.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
  });

  it("should show 'Unexpected Application Error!' when a screen crashes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/boom', [{ path: '/boom', element: <Boom /> }]);
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByText('kaboom')).toBeInTheDocument();
  });

  it('should keep the shell (its side bar) mounted from one page to the next', async () => {
    const app = renderApp('/ideas');
    const sideBar = await screen.findByRole('navigation', { name: 'Marketing Channels' });
    await userEvent.click(screen.getByRole('link', { name: 'My work' }));
    await waitFor(() => expect(app.location().pathname).toBe('/my-work'));
    await screen.findByText('Please sign in to see your tasks.');
    // The same element, not a new side bar: a remounted shell shows every page's loading state anew.
    expect(screen.getByRole('navigation', { name: 'Marketing Channels' })).toBe(sideBar);
  });

  it('should list Global Calendar, the 12 channels, My work, Ideas and Settings in the side bar', async () => {
    renderApp('/ideas');
    const marketing = await screen.findByRole('navigation', { name: 'Marketing Channels' });
    const labels = [...marketing.querySelectorAll('a')].map((a) => a.textContent);
    expect(labels).toEqual([
      'Global Calendar', 'Email', 'Social Media', 'Content', 'Paid Ads', 'Events', 'Webinars', 'SEO',
      'Public Relations', 'Website', 'Customer Community', 'Internal', 'Industry Publications',
    ]);
    expect(screen.getByRole('link', { name: 'Ideas' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Global Calendar' })).not.toHaveAttribute('aria-current');
    const other = screen.getByRole('navigation', { name: 'Other' });
    expect([...other.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/my-work', '/ideas', '/settings']);
  });
});

describe('/auth reset form', () => {
  it('should move the token to session storage and check both passwords', async () => {
    const user = userEvent.setup();
    const app = renderApp('/auth?token=abc123');
    const fresh = await screen.findByLabelText('New Password');
    await waitFor(() => expect(app.location().search).toBe(''));
    expect(window.sessionStorage.getItem(RESET_TOKEN_KEY)).toBe('abc123');

    await user.type(fresh, 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText('Please make sure both passwords are the same.')).toBeInTheDocument();

    await user.clear(fresh);
    await user.type(fresh, 'abc');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password too short')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument();
  });

  it("should say 'Reset token not found' when the token is gone", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderApp('/auth?token=abc123');
    const fresh = await screen.findByLabelText('New Password');
    await waitFor(() => expect(window.sessionStorage.getItem(RESET_TOKEN_KEY)).toBe('abc123'));
    window.sessionStorage.removeItem(RESET_TOKEN_KEY);
    await user.type(fresh, 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Error updating password')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.resetTokenNotFound)).toBeInTheDocument();
  });
});

describe('useAuth', () => {
  it('should raise the spec message outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Probe = () => (useAuth(), null);
    expect(() => render(<Probe />)).toThrow('useAuth must be used within an AuthProvider');
  });
});
