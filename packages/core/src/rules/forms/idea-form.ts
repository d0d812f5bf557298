import { textOrNull, type FormCheck } from './field-errors';

/** docs/product.md#ideas and docs/product.md#validation-ideas: a title that is empty after trimming adds nothing; the dialog keeps its button disabled then, with no message. */
export function ideaBody(f: { title: string; description: string }): FormCheck<{ title: string; description: string | null }, 'title'> {
  const title = textOrNull(f.title);
  return title ? { body: { title, description: textOrNull(f.description) } } : { errors: {} };
}
