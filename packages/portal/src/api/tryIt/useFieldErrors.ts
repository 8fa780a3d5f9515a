/**
 * The API's messages about one form field, from the answer the try-it panel
 * holds (the theme's `response` state: the status code and the body text).
 * They stay until the next answer replaces them.
 */
import { useTypedSelector } from '@theme/ApiItem/hooks';
import { fieldErrorsOf, type FieldErrorsOfAnswer } from './fieldErrors';

const NO_MESSAGES: readonly string[] = [];

export function useAnswerErrors(): FieldErrorsOfAnswer {
  const code = useTypedSelector((state) => state.response.code);
  const text = useTypedSelector((state) => state.response.value);
  return fieldErrorsOf(code, text);
}

export function useFieldErrors(field: string): readonly string[] {
  return useAnswerErrors().byField.get(field) ?? NO_MESSAGES;
}
