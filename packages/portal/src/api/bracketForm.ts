/**
 * Form bodies in this API's bracket form (spec: `x-form-array-style: brackets`):
 * `tags[]=web&tags[]=eu`, and `tags[]=` to empty a list. Used by the try-it's
 * request builder (src/theme/ApiExplorer/buildPostmanRequest.ts); pure, so
 * test/bracket-form.test.ts checks it without a browser.
 */

export interface FormField {
  type: string;
  value: unknown;
}

export type FieldEncoding = Record<string, { 'x-form-array-style'?: string } | undefined>;

/**
 * The values of an array field as the reader typed them: comma-separated
 * (`web, eu`) or a JSON array (`["web","eu"]`); an example value arrives as an
 * array already. Blank means an empty list.
 */
export function arrayValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  const text = String(value ?? '').trim();
  if (text.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      // Not JSON: read it as a comma-separated list below.
    }
  }
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Whether a body's encoding asks for bracket arrays at all. */
export function usesBrackets(encoding: FieldEncoding | undefined): boolean {
  return !!encoding && Object.values(encoding).some((entry) => entry?.['x-form-array-style'] === 'brackets');
}

/**
 * The form's string fields, url-encoded: a bracket-array field as one pair per
 * value (`field[]=` when the reader left it empty); any other field as it is
 * in the body, `field=` when the reader chose to send it empty (a field left
 * empty is not in the body: FormBodyItem).
 */
export function encodeBracketForm(
  content: Record<string, FormField | undefined>,
  encoding: FieldEncoding | undefined,
): string {
  const params = new URLSearchParams();
  for (const [key, field] of Object.entries(content)) {
    if (field?.type !== 'string') continue;
    if (encoding?.[key]?.['x-form-array-style'] === 'brackets') {
      const values = arrayValues(field.value);
      if (values.length === 0) params.append(`${key}[]`, '');
      for (const value of values) params.append(`${key}[]`, value);
    } else if (field.value !== undefined && field.value !== null) {
      // '' only when the reader chose to send it empty (a field left empty is not in the body).
      params.append(key, String(field.value));
    }
  }
  return params.toString();
}
