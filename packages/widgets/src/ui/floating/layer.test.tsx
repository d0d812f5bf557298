import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { forgetLayersForTests } from '../floating-load';
import { PortalRootContext } from '../../provider/context';
import { Dialog } from '../Dialog';
import { Menu } from '../Menu';
import { Popover } from '../Popover';

/** A page with a dialog holding a menu whose item opens a confirmation: three nested layers. */
function Page(): ReactNode {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      <p>Page text</p>
      <Dialog open={open} onOpenChange={setOpen} title="Day">
        <input aria-label="First" />
        <Menu label="Actions" items={[{ label: 'Delete', onSelect: () => setConfirm(true) }, { label: 'Edit', onSelect: () => {} }]} />
      </Dialog>
      <Dialog open={confirm} onOpenChange={setConfirm} title="Sure?" role="alertdialog">
        <button type="button" onClick={() => setConfirm(false)}>Cancel</button>
      </Dialog>
    </>
  );
}

/** A menu portalling into a root element, as inside a widget (the root is null until mounted). */
function InWidget({ labels = ['One', 'Two'] }: { labels?: string[] }): ReactNode {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  return (
    <PortalRootContext.Provider value={root}>
      <Menu label="Actions" items={labels.map((label) => ({ label, onSelect: () => {} }))} />
      <div ref={setRoot} data-testid="root" />
      <button type="button">After</button>
    </PortalRootContext.Provider>
  );
}

/** A widget's menu and dialog in a shadow root, as the custom elements render them. */
function ShadowWidget(): ReactNode {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <PortalRootContext.Provider value={root}>
      <div ref={setRoot} className="cad-root">
        <Menu label="Actions" items={[{ label: 'One', onSelect: () => {} }, { label: 'Two', onSelect: () => {} }]} />
        <p>Widget text</p>
        <button type="button" onClick={() => setOpen(true)}>Open</button>
        <Dialog open={open} onOpenChange={setOpen} title="Day">
          <input aria-label="First" />
        </Dialog>
      </div>
    </PortalRootContext.Provider>
  );
}

describe('layers (dialogs, menus, popovers)', () => {
  it('should open a dialog and a menu whose code has not loaded yet, once it has', async () => {
    forgetLayersForTests();
    const fresh = { Dialog, Menu };
    function Fresh(): ReactNode {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>Open</button>
          <fresh.Dialog open={open} onOpenChange={setOpen} title="Later">
            <fresh.Menu label="More" items={[{ label: 'Only', onSelect: () => {} }]} />
          </fresh.Dialog>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Fresh />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Later' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'More' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'More' }));
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Only' })).toHaveFocus());
  });

  it('should move focus in, trap Tab, hide the page and give focus back on Escape', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Day' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await waitFor(() => expect(within(dialog).getByLabelText('First')).toHaveFocus());
    // The rest of the page is hidden from assistive technology while the dialog is open.
    expect(screen.getByText('Page text').closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Open' })).toBeNull();
    expect(document.body.style.overflow).toBe('hidden');
    // Floating UI's focus guards move focus on in the next frame.
    await user.tab({ shift: true });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    await user.tab();
    await waitFor(() => expect(within(dialog).getByLabelText('First')).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(screen.getByText('Page text').closest('[aria-hidden]')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('should close only the topmost layer on Escape, and a press outside only the layers it misses', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Day' });
    await user.click(within(dialog).getByRole('button', { name: 'Actions' }));
    const menu = screen.getByRole('menu', { name: 'Actions' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Day' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Actions' })).toHaveFocus();

    // A press in the dialog, outside the menu: the menu closes, the dialog stays.
    await user.click(within(dialog).getByRole('button', { name: 'Actions' }));
    await user.click(within(dialog).getByLabelText('First'));
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Day' })).toBeInTheDocument();

    // The confirmation above the dialog: a press outside it closes nothing (an alertdialog, and
    // nothing under a modal can be pressed); Escape closes it alone.
    await user.click(within(dialog).getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Sure?' });
    await waitFor(() => expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull(); // hidden under the confirmation
    await user.pointer({ keys: '[MouseLeft]', target: confirm.parentElement! });
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Day' })).toBeInTheDocument();

    // A press on the overlay closes the dialog.
    await user.pointer({ keys: '[MouseLeft]', target: screen.getByRole('dialog').parentElement! });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('should open a popover beside its trigger, and close it on Tab away or a press outside', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Popover label="Details" trigger="i" title="Power Today">
          <a href="#x">Site</a>
        </Popover>
        <button type="button">Elsewhere</button>
      </>,
    );
    const trigger = screen.getByRole('button', { name: 'Details' });
    await user.click(trigger);
    const pop = screen.getByRole('dialog', { name: 'Power Today' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(trigger).toHaveAttribute('aria-controls', pop.id);
    await waitFor(() => expect(within(pop).getByRole('link', { name: 'Site' })).toHaveFocus());
    expect(pop.style.position).toBe('fixed');
    await user.tab({ shift: true }); // out of the popover (portalled at the end of the body), to the button before it
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
    await user.click(trigger);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(trigger);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('should open a menu from its trigger with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<InWidget />);
    act(() => screen.getByRole('button', { name: 'Actions' }).focus());
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Two' })).toHaveFocus());
    expect(screen.getByTestId('root')).toContainElement(screen.getByRole('menu'));
    await user.keyboard('{Home}');
    expect(screen.getByRole('menuitem', { name: 'One' })).toHaveFocus();
    await user.keyboard('{End}{Tab}'); // past the last item: focus leaves the menu, which closes
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });

  it('should open a menu on Enter or Space at its first item, and move to an item by typing its start', async () => {
    const user = userEvent.setup();
    render(<InWidget labels={['Edit', 'Mark as Live', 'Mark as Done', 'Delete']} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    act(() => trigger.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await user.keyboard('m');
    expect(screen.getByRole('menuitem', { name: 'Mark as Live' })).toHaveFocus();
    await user.keyboard('m'); // the same letter again: the next item it starts
    expect(screen.getByRole('menuitem', { name: 'Mark as Done' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
  });

  // The custom elements: layers portal into the widget's root inside its shadow root. Floating UI's
  // outside press alone misses presses inside a shadow root whose host is alone under its top
  // ancestor (here: a direct child of the body, beside other page content).
  it('should keep layers inside a shadow root and close them on a press outside, in or out of it', async () => {
    const user = userEvent.setup();
    const header = document.createElement('header');
    header.textContent = 'Page header';
    const host = document.createElement('div');
    document.body.append(header, host);
    const shadow = host.attachShadow({ mode: 'open' });
    const mount = document.createElement('div');
    shadow.append(mount);
    const root = createRoot(mount);
    try {
      act(() => root.render(<ShadowWidget />));
      const inShadow = within(shadow as unknown as HTMLElement);
      const trigger = inShadow.getByRole('button', { name: 'Actions' });
      await user.click(trigger);
      const menu = inShadow.getByRole('menu', { name: 'Actions' });
      expect(shadow.querySelector('.cad-root')).toContainElement(menu);
      // jest-dom's toHaveFocus reads document.activeElement, which is the host.
      await waitFor(() => expect(shadow.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'One' })));
      await user.click(inShadow.getByText('Widget text'));
      expect(inShadow.queryByRole('menu')).toBeNull();
      await user.click(trigger);
      await user.click(header);
      expect(inShadow.queryByRole('menu')).toBeNull();
      await user.click(trigger);
      await user.keyboard('{Escape}');
      expect(inShadow.queryByRole('menu')).toBeNull();
      expect(shadow.activeElement).toBe(trigger);

      await user.click(inShadow.getByRole('button', { name: 'Open' }));
      const dialog = inShadow.getByRole('dialog', { name: 'Day' });
      await waitFor(() => expect(shadow.activeElement).toBe(within(dialog).getByLabelText('First')));
      expect(header).toHaveAttribute('aria-hidden', 'true');
      expect(document.body.style.overflow).toBe('hidden');
      await user.pointer({ keys: '[MouseLeft]', target: dialog.parentElement! });
      expect(inShadow.queryByRole('dialog')).toBeNull();
      expect(header).not.toHaveAttribute('aria-hidden');
    } finally {
      act(() => root.unmount());
      header.remove();
      host.remove();
    }
  });
});
