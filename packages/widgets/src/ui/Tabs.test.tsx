import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { TabPanel, Tabs } from './Tabs';

const TABS = [
  { value: 'calendar', label: 'Calendar' },
  { value: 'timeline', label: 'Timeline' },
  { value: 'list', label: 'List' },
] as const;

function Example({ className }: { className?: string }): ReactNode {
  const [tab, setTab] = useState<(typeof TABS)[number]['value']>('calendar');
  const styling = className ? { className } : {};
  return (
    <>
      <Tabs label="Views" idBase="v" tabs={TABS} value={tab} onChange={setTab} {...styling} />
      <TabPanel idBase="v" value={tab} {...styling}>
        Showing {tab}
      </TabPanel>
    </>
  );
}

describe('Tabs (the widgets\' and the app\'s)', () => {
  it('should move and select with the arrow keys (wrapping), Home and End, and label the panel by its tab', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('tab', { name: 'Calendar' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'List' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'List' })).toHaveTextContent('Showing list');
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Calendar' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-controls', screen.getByRole('tabpanel').id);
  });

  it("should take the host's class names instead of the widgets'", () => {
    const { unmount } = render(<Example />);
    expect(screen.getByRole('tablist')).toHaveClass('cad-tabs');
    unmount();
    render(<Example className="tabs" />);
    expect(screen.getByRole('tablist')).toHaveClass('tabs');
    expect(screen.getByRole('tab', { name: 'Calendar' })).toHaveClass('tabs__tab');
    expect(screen.getByRole('tabpanel')).toHaveClass('tabs__panel');
  });
});
