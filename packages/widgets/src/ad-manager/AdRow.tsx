import { AD_STATUSES, AD_STATUS_LABELS, formatYmd, type Ad, type AdStatus, type AdUpdate, type Publication } from '@cadence/core';
import type { ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { CopyButton } from '../ui/CopyButton';
import { InlineText } from '../ui/InlineText';
import { Popover } from '../ui/Popover';
import { Eye, ICON_SIZE, Pencil, Trash2 } from '../ui/icons';

/** The table's columns in order (docs/product.md#ads-by-status); each cell carries its name for the phone's card layout. */
export const AD_COLUMNS = ['Status', 'Publication', 'Ad Type', 'Where it Shows', 'Copy Needs', 'Image Needs', 'Due Date', 'Live Date', 'Content',
  'Copy/Images Link', 'Region', 'Audience', 'Industry', 'Notes', 'Actions'] as const;

export interface AdRowProps {
  ad: Ad;
  publication: Publication | undefined;
  editable: boolean;
  onPatch: (patch: AdUpdate) => void;
  onStatus: (status: AdStatus) => void;
  onExample: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

function Needs({ text, label }: { text: string | null; label: string }): ReactNode {
  if (!text) return null;
  return (
    <span className="cad-inline">
      <span>{text}</span>
      <CopyButton text={text} label={label} success={AD_TOASTS.copied(label)} failure={AD_TOASTS.copyError} />
    </span>
  );
}

/** One ad in the Ads by Status table, with the columns of docs/product.md#ads-by-status. */
export function AdRow({ ad, publication, editable, onPatch, onStatus, onExample, onEdit, onDelete }: AdRowProps): ReactNode {
  const name = `${ad.publication_name}${ad.ad_type ? ` ${ad.ad_type}` : ''}`;
  return (
    <tr>
      <td data-label="Status">
        {editable ? (
          <select className={`cad-input cad-ad-status cad-ad-status--${ad.status}`} aria-label={`Status of ${name}`} value={ad.status}
            onChange={(e) => onStatus(e.target.value as AdStatus)}>
            {AD_STATUSES.map((s) => <option key={s} value={s}>{AD_STATUS_LABELS[s]}</option>)}
          </select>
        ) : <span className={`cad-badge cad-ad-status--${ad.status}`}>{AD_STATUS_LABELS[ad.status]}</span>}
      </td>
      <td data-label="Publication">
        <Popover label={`${ad.publication_name} details`} trigger={ad.publication_name} title={ad.publication_name}>
          <dl className="cad-details">
            <dt>Industry</dt><dd>{publication?.industry_tags.join(', ') || '-'}</dd>
            <dt>Audience</dt><dd>{publication?.target_audience ?? '-'}</dd>
            <dt>Region</dt><dd>{publication?.region ?? '-'}</dd>
          </dl>
        </Popover>
      </td>
      <td data-label="Ad Type">
        <span className="cad-inline">
          {ad.ad_type ?? '-'}
          <button type="button" className="cad-icon-button" aria-label={`View example of ${ad.ad_type ?? 'ad type'}`} onClick={onExample}><Eye size={ICON_SIZE} aria-hidden="true" /></button>
        </span>
      </td>
      <td data-label="Where it Shows">{ad.where_shows ?? ''}</td>
      <td data-label="Copy Needs"><Needs text={ad.copy_needs} label="Copy needs" /></td>
      <td data-label="Image Needs"><Needs text={ad.image_needs} label="Image needs" /></td>
      <td data-label="Due Date">{formatYmd(ad.due_date, 'MMM dd, yyyy')}</td>
      <td data-label="Live Date">{formatYmd(ad.live_date, 'MMM dd, yyyy')}</td>
      <td data-label="Content"><InlineText label="Content" value={ad.content} disabled={!editable} onSave={(content) => onPatch({ content })} /></td>
      <td data-label="Copy/Images Link"><InlineText label="Copy/Images Link" value={ad.copy_images_link} disabled={!editable} onSave={(copy_images_link) => onPatch({ copy_images_link })} /></td>
      <td data-label="Region">{ad.region ?? ''}</td>
      <td data-label="Audience">{ad.audience ?? ''}</td>
      <td data-label="Industry">{ad.industry ?? ''}</td>
      <td data-label="Notes"><InlineText label="Notes" value={ad.notes} disabled={!editable} multiline onSave={(notes) => onPatch({ notes })} /></td>
      <td data-label="Actions">
        {editable && (
          <span className="cad-inline">
            <button type="button" className="cad-icon-button" aria-label={`Edit ${name}`} onClick={onEdit}><Pencil size={ICON_SIZE} aria-hidden="true" /></button>
            <button type="button" className="cad-icon-button" aria-label={`Delete ${name}`} onClick={onDelete}><Trash2 size={ICON_SIZE} aria-hidden="true" /></button>
          </span>
        )}
      </td>
    </tr>
  );
}
