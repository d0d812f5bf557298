/** The auth texts of docs/product.md#validation-passwords and docs/product.md#messages-auth, word for word. */
export const AUTH_TOASTS = {
  signedIn: { title: 'Welcome back!', description: 'You have successfully signed in.' },
  signInError: { title: 'Error signing in' },
  signUpError: { title: 'Error creating account' },
  accountCreated: { title: 'Account created!', description: 'Please check your email to verify your account.' },
  signedOut: { title: 'Signed out' },
  resetSent: { title: 'Password reset email sent!', description: 'Check your email for a link to reset your password.' },
  resetSendError: { title: 'Error sending reset email', description: 'Please try again later.' },
  passwordUpdated: { title: 'Password updated!', description: 'Your password has been successfully updated. Please sign in.' },
  passwordUpdateError: { title: 'Error updating password', fallback: 'Please request a new reset link.' },
} as const;

/** Session storage key of the password-reset token taken from the link (docs/product.md#auth). */
export const RESET_TOKEN_KEY = 'cadence.resetToken';
