import { type AdType, type Publication } from '@cadence/core';
import { useState, type ReactNode } from 'react';
import { AD_TOASTS } from '../messages';
import { errorMessage, useAdTypes } from '../provider/resources';
import { useWrite } from '../provider/write';
import { Dialog } from '../ui/Dialog';
import { AdTypeFormView } from './AdTypeForm';
import { formatCost } from './ad-rules';
import { ICON_SIZE, Pencil, Trash2 } from '../ui/icons';

const none = () => undefined;

/** Manage a publication's ad types: list, add and edit modes, delete after a browser confirm (docs/product.md#ad-types). */
export function AdTypesDialog({ publication, editable, onClose, confirm = (m) => window.confirm(m) }: {
  publication: Publication | null;
  editable: boolean;
  onClose: () => void;
  confirm?: (message: string) => boolean;
}): ReactNode {
  const types = useAdTypes(publication?.id ?? null);
  const write = useWrite();
  const [mode, setMode] = useState<{ kind: 'list' } | { kind: 'add' } | { kind: 'edit'; type: AdType }>({ kind: 'list' });
  const invalidate = ['adTypes', 'ads'] as const;
  const remove = (t: AdType) => {
    if (!confirm('Are you sure you want to delete this ad type?')) return;
    void write({ call: (c) => c.adTypes.remove(t.id, { version: t.version }), success: AD_TOASTS.adTypeDeleted, failure: AD_TOASTS.adTypeDeleteError, invalidate }).catch(none);
  };
  return (
    <Dialog open={!!publication} onOpenChange={(o) => !o && onClose()} size="lg" title={`Ad Types: ${publication?.name ?? ''}`}>
      {publication && (mode.kind === 'list' ? (
        <div className="cad-dialog__body cad-stack">
          {editable && <button type="button" className="cad-button cad-button--primary" onClick={() => setMode({ kind: 'add' })}>Add Ad Type</button>}
          {types.status === 'success' && (types.data ?? []).length === 0 && <p className="cad-hint">No ad types yet.</p>}
          <ul className="cad-stack">
            {(types.data ?? []).map((t) => (
              <li key={t.id} className="cad-card">
                <div className="cad-card__head">
                  <h3 className="cad-card__title">{t.ad_type}{t.cost !== null && <span className="cad-hint"> {formatCost(t.cost)}</span>}</h3>
                  {editable && (
                    <span className="cad-inline">
                      <button type="button" className="cad-icon-button" aria-label={`Edit ${t.ad_type}`} onClick={() => setMode({ kind: 'edit', type: t })}><Pencil size={ICON_SIZE} aria-hidden="true" /></button>
                      <button type="button" className="cad-icon-button" aria-label={`Delete ${t.ad_type}`} onClick={() => remove(t)}><Trash2 size={ICON_SIZE} aria-hidden="true" /></button>
                    </span>
                  )}
                </div>
                {t.specifications && <p className="cad-card__description">{t.specifications}</p>}
                {t.where_shows && <p className="cad-hint">Where it shows: {t.where_shows}</p>}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <AdTypeFormView
          key={mode.kind === 'edit' ? mode.type.id : 'new'}
          publicationId={publication.id}
          adType={mode.kind === 'edit' ? mode.type : null}
          onCancel={() => setMode({ kind: 'list' })}
          onSave={(body, uploadFailed) =>
            write({
              call: (c) => (mode.kind === 'edit' ? c.adTypes.update(mode.type.id, body, { version: mode.type.version }) : c.adTypes.create(publication.id, body)),
              ...(uploadFailed ? {} : { success: mode.kind === 'edit' ? AD_TOASTS.adTypeUpdated : AD_TOASTS.adTypeAdded }),
              failure: (e) => AD_TOASTS.adTypeSaveError(errorMessage(e)),
              invalidate,
            }).then(() => setMode({ kind: 'list' }))}
        />
      ))}
    </Dialog>
  );
}
