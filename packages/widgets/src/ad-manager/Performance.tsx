import { formatYmd } from '@cadence/core';
import type { ReactNode } from 'react';
import { useAds } from '../provider/resources';

const COLUMNS = ['Date', 'Publication', 'Ad Type', 'Content Used', 'CTR', 'Impressions', 'Cost', 'Ad Image', 'Actions'];

/** Placeholder performance cards and the table of live ads (docs/product.md#ad-performance: nothing here does anything yet). */
export function Performance(): ReactNode {
  const ads = useAds();
  const live = (ads.data ?? []).filter((a) => a.status === 'live');
  const cards: Array<[string, string]> = [['Total Impressions', '-'], ['Total Cost', '-'], ['Average CTR', '0.00%'], ['Total Campaigns', String(live.length)]];
  return (
    <div className="cad-stack" aria-busy={ads.status === 'loading'}>
      <div className="cad-stats">
        {cards.map(([label, value]) => (
          <div key={label} className="cad-stat"><p className="cad-stat__label">{label}</p><p className="cad-stat__value">{value}</p></div>
        ))}
      </div>
      {live.length === 0 ? <p className="cad-empty">No live campaigns to track</p> : (
        <div className="cad-table-scroller">
          <table className="cad-table">
            <thead><tr>{COLUMNS.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>
            <tbody>
              {live.map((a) => (
                <tr key={a.id}>
                  <td>{formatYmd(a.live_date, 'MMM dd, yyyy')}</td><td>{a.publication_name}</td><td>{a.ad_type ?? '-'}</td><td>{a.content ?? '-'}</td>
                  <td>Not set</td><td>-</td><td>-</td><td>-</td>
                  <td><button type="button" className="cad-button cad-button--small" aria-label={`Add Data for ${a.publication_name}`}>Add Data</button></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
