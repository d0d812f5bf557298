/**
 * What a form check answers: the body to send, or a message per field, so a form shows each
 * beside its field. Keys are the body's field names, as in the server's 400 `details`. These
 * checks carry no zod (ADR 15); the server validates the same bodies with core's schemas.
 */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;
export type FormCheck<Body, F extends string = string> = { body: Body } | { errors: FieldErrors<F> };

/** docs/product.md#validation: trimmed, and empty saved as null. */
export const textOrNull = (s: string): string | null => (s.trim() === '' ? null : s.trim());

export const LINK_MESSAGE = 'Please enter a valid URL';

/** `message` for each field `isMissing` says is empty; the rest are left out. */
export function missing<F extends string>(message: string, isMissing: Record<F, boolean>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(isMissing) as F[]) if (isMissing[field]) errors[field] = message;
  return errors;
}

/** The body when there are no errors, else the errors. */
export const checked = <Body, F extends string>(errors: FieldErrors<F>, body: () => Body): FormCheck<Body, F> =>
  Object.keys(errors).length ? { errors } : { body: body() };
