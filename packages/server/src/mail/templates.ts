import type { MailMessage } from './mailer';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkMail(to: string, subject: string, intro: string, action: string, link: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html: `<p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(action)}</a></p><p style="color:#666">${escape(outro)}</p>`,
  };
}

export const confirmationMail = (to: string, link: string) =>
  linkMail(
    to,
    'Confirm your Cadence account',
    'Welcome to Cadence. Confirm your e-mail address to finish setting up your account.',
    'Confirm your e-mail address',
    link,
    'If you did not sign up, you can ignore this message.',
  );

export const passwordResetMail = (to: string, link: string) =>
  linkMail(
    to,
    'Reset your Cadence password',
    'Someone asked to reset the password of your Cadence account.',
    'Choose a new password',
    link,
    'The link works once, for one hour. If you did not ask for it, you can ignore this message.',
  );
