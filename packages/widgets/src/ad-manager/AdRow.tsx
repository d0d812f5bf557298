import { AD_STATUSES, AD_STATUS_LABELS, formatYmd, type Ad, type AdStatus, type AdUpdate, type Publication } from '@cadence/core';
import type { ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { CopyButton } from '../ui/CopyButton';
import { InlineText } from '../ui/InlineText';
import { Popover } from '../ui/Popover';
import { Eye, ICON_SIZE, Pencil, Trash2 } from '../ui/icons';

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
      <td>
        {editable ? (
          <select className={`cad-input cad-ad-status cad-ad-status--${ad.status}`} aria-label={`Status of ${name}`} value={ad.status}
            onChange={(e) => onStatus(e.target.value as AdStatus)}>
            {AD_STATUSES.map((s) => <option key={s} value={s}>{AD_STATUS_LABELS[s]}</option>)}
          </select>
        ) : <span className={`cad-badge cad-ad-status--${ad.status}`}>{AD_STATUS_LABELS[ad.status]}</span>}
      </td>
      <td>
        <Popover label={`${ad.publication_name} details`} trigger={ad.publication_name} title={ad.publication_name}>
          <dl className="cad-details">
            <dt>Industry</dt><dd>{publication?.industry_tags.join(', ') || '-'}</dd>
            <dt>Audience</dt><dd>{publication?.target_audience ?? '-'}</dd>
            <dt>Region</dt><dd>{publication?.region ?? '-'}</dd>
          </dl>
        </Popover>
      </td>
      <td>
        <span className="cad-inline">
          {ad.ad_type ?? '-'}
          <button type="button" className="cad-icon-button" aria-label={`View example of ${ad.ad_type ?? 'ad type'}`} onClick={onExample}><Eye size={ICON_SIZE} aria-hidden="true" /></button>
        </span>
      </td>
      <td>{ad.where_shows ?? ''}</td>
      <td><Needs text={ad.copy_needs} label="Copy needs" /></td>
      <td><Needs text={ad.image_needs} label="Image needs" /></td>
      <td>{formatYmd(ad.due_date, 'MMM dd, yyyy')}</td>
      <td>{formatYmd(ad.live_date, 'MMM dd, yyyy')}</td>
      <td><InlineText label="Content" value={ad.content} disabled={!editable} onSave={(content) => onPatch({ content })} /></td>
      <td><InlineText label="Copy/Images Link" value={ad.copy_images_link} disabled={!editable} onSave={(copy_images_link) => onPatch({ copy_images_link })} /></td>
      <td>{ad.region ?? ''}</td>
      <td>{ad.audience ?? ''}</td>
      <td>{ad.industry ?? ''}</td>
      <td><InlineText label="Notes" value={ad.notes} disabled={!editable} multiline onSave={(notes) => onPatch({ notes })} /></td>
      <td>
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
