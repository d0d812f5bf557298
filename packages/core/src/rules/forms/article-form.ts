import { MESSAGES, type AdStatus } from '../../constants';
import type { ArticleCreate } from '../../schemas/industry';
import { checked, missing, textOrNull, type FormCheck } from './field-errors';

export type ArticleForm = Record<
  'title' | 'publication_name' | 'due_date' | 'live_date' | 'website_examples' | 'copy_needs' | 'website_focus_notes' | 'image_needs' | 'objective',
  string
> & { status: AdStatus };

export const emptyArticleForm = (): ArticleForm => ({
  title: '', publication_name: '', status: 'new', due_date: '', live_date: '', website_examples: '', copy_needs: '', website_focus_notes: '', image_needs: '', objective: '',
});

/** docs/product.md#validation-articles: title and both dates required; optional fields saved as null. */
export function articleBody(f: ArticleForm): FormCheck<ArticleCreate, keyof ArticleForm> {
  const errors = missing(MESSAGES.requiredFields, { title: !f.title.trim(), due_date: !f.due_date, live_date: !f.live_date });
  return checked(errors, () => ({
    title: f.title.trim(), publication_name: textOrNull(f.publication_name), status: f.status, due_date: f.due_date, live_date: f.live_date,
    website_examples: textOrNull(f.website_examples), copy_needs: textOrNull(f.copy_needs), website_focus_notes: textOrNull(f.website_focus_notes),
    image_needs: textOrNull(f.image_needs), objective: textOrNull(f.objective),
  }));
}
