import { mentionToken } from '@cadence/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommentBody } from './CommentBody';

// A comment's Markdown-light text (docs/adr/0059): what becomes an element, and what stays text.

const ANN = '0b6f8a7e-1d2c-4e5f-8a9b-0c1d2e3f4a5b';

describe('CommentBody', () => {
  it('should draw bold, italic, strikethrough, code, safe links and line breaks', () => {
    const { container } = render(<CommentBody body={'**Bold** *it* ~~gone~~ `x < y`\nsee [docs](https://example.com/a) or mail@example.com'} people={[]} />);
    expect(screen.getByText('Bold').tagName).toBe('STRONG');
    expect(screen.getByText('it').tagName).toBe('EM');
    expect(screen.getByText('gone').tagName).toBe('DEL');
    expect(screen.getByText('x < y').tagName).toBe('CODE');
    expect(screen.getByRole('link', { name: 'docs' })).toHaveAttribute('href', 'https://example.com/a');
    expect(screen.getByRole('link', { name: 'mail@example.com' })).toHaveAttribute('href', 'mailto:mail@example.com');
    expect(container.querySelectorAll('br')).toHaveLength(1);
  });

  it('should never set HTML or follow a script link: they are shown as typed', () => {
    const body = '<img src=x onerror=alert(1)> [click](javascript:alert(1)) ![pic](https://example.com/p.png)\n\n# Heading';
    const { container } = render(<CommentBody body={body} people={[]} />);
    expect(container.querySelector('img, script, h1')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('[click](javascript:alert(1))');
    expect(container.textContent).toContain('# Heading');
  });

  it('should name a mentioned person by their e-mail now, and by the label when they are gone', () => {
    render(<CommentBody body={`Hi ${mentionToken('old@example.com', ANN)} and ${mentionToken('gone@example.com', ANN.replace('0b', '1b'))}`} people={[{ id: ANN, email: 'ann@example.com' }]} />);
    expect(screen.getByText('@ann@example.com')).toBeInTheDocument();
    expect(screen.getByText('@gone@example.com')).toHaveAttribute('title', 'No longer a user');
  });
});
