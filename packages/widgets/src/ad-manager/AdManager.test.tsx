import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleWorkspace } from '../testing/fixtures-more';
import { CadenceProvider } from '../provider/CadenceProvider';
import { renderWidget } from '../testing/render';
import { AdManager } from './AdManager';

const data = () => sampleWorkspace('2026-03-11');

describe('AdManager', () => {
  it('should show the title, subtitle and six tabs with Ads by Status first selected', async () => {
    renderWidget(<AdManager />, data());
    expect(screen.getByRole('heading', { name: 'Industry Publication Ad Manager' })).toBeInTheDocument();
    expect(screen.getByText('Organize and track your newsletter banner ad campaigns across industry publications')).toBeInTheDocument();
    expect(within(screen.getByRole('tablist', { name: 'Ad manager sections' })).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Calendar', 'Ads by Status', 'Performance', 'Publications', 'Prospective Pubs', 'Articles']);
    expect(screen.getByRole('tab', { name: 'Ads by Status' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('tab', { name: 'All (4)' })).toBeInTheDocument();
  });

  it('should open the tab given and report tab changes', async () => {
    const onTabChange = vi.fn();
    const { user, rerender, client } = renderWidget(<AdManager tab="performance" onTabChange={onTabChange} />, data());
    expect(screen.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Articles' }));
    expect(onTabChange).toHaveBeenCalledWith('articles');
    rerender(<CadenceProvider client={client}><AdManager tab="publications" onTabChange={onTabChange} /></CadenceProvider>);
    expect(screen.getByRole('tab', { name: 'Publications' })).toHaveAttribute('aria-selected', 'true');
  });

  describe('ad timeline', () => {
    it('should draw one 48 px row per publication with bars, hover details and the legend', async () => {
      renderWidget(<AdManager tab="calendar" />, data());
      expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
      await waitFor(() => expect(screen.getAllByTestId('ad-timeline-row')).toHaveLength(2));
      for (const row of screen.getAllByTestId('ad-timeline-row')) expect(row).toHaveStyle({ height: '48px' });
      const bars = screen.getAllByTestId('ad-bar');
      expect(bars).toHaveLength(4);
      for (const b of bars) expect(Number.parseFloat(b.style.width)).toBeGreaterThanOrEqual(2);
      expect(bars[0]).toHaveAttribute('title', expect.stringMatching(/^Construction Weekly · Top Banner · Due Feb 27, 2026 · Live Mar 09, 2026/));
      expect(bars[0]!.style.left).toBe('0%');
      expect(within(screen.getByRole('list', { name: 'Legend' })).getAllByRole('listitem').map((li) => li.textContent?.trim())).toEqual(['Live', 'Content Ready', 'Content Requested', 'Submitted']);
    });

    it('should navigate months, come back with Today and say when a month is empty', async () => {
      const { user } = renderWidget(<AdManager tab="calendar" />, data());
      await screen.findAllByTestId('ad-bar');
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      await user.click(screen.getByRole('button', { name: 'Next month' }));
      expect(screen.getByRole('heading', { name: 'May 2026' })).toBeInTheDocument();
      expect(screen.getByText('No ads scheduled for this month')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Previous month' }));
      expect(screen.getByRole('heading', { name: 'April 2026' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Today' }));
      expect(screen.getByRole('heading', { name: 'March 2026' })).toBeInTheDocument();
    });
  });

  describe('performance', () => {
    it('should show the placeholder cards and a table of live ads', async () => {
      renderWidget(<AdManager tab="performance" />, data());
      const card = (label: string) => screen.getByText(label).nextElementSibling;
      expect(card('Total Impressions')).toHaveTextContent('-');
      expect(card('Total Cost')).toHaveTextContent('-');
      expect(card('Average CTR')).toHaveTextContent('0.00%');
      await waitFor(() => expect(card('Total Campaigns')).toHaveTextContent('1'));
      expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Publication', 'Ad Type', 'Content Used', 'CTR', 'Impressions', 'Cost', 'Ad Image', 'Actions']);
      const row = screen.getAllByRole('row')[1]!;
      expect(row).toHaveTextContent('Mar 09, 2026');
      expect(within(row).getByText('Not set')).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: /Add Data/ })).toBeInTheDocument();
    });

    it('should say when no campaign is live', async () => {
      renderWidget(<AdManager tab="performance" />);
      expect(await screen.findByText('No live campaigns to track')).toBeInTheDocument();
    });
  });
});
