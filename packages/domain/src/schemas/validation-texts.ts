import { PASSWORD_MAX_LENGTH } from '../constants';
import { englishText, type Text } from '../texts';

/**
 * Validation messages several schemas share, each made once with its id in the catalogs (ADR
 * 042): a form shows them in the reader's language.
 */
export const REQUIRED = englishText(/*i18n*/ { id: 'validation.required', message: 'Required' });
export const MUST_BE_TEXT = englishText(
  /*i18n*/ { id: 'validation.mustBeText', message: 'Must be text' },
);
export const PASSWORD_TOO_LONG = englishText(
  /*i18n*/ {
    id: 'validation.passwordMax',
    message: 'Password must be at most {max} characters',
  },
  { max: PASSWORD_MAX_LENGTH },
);

/**
 * The messages about one field of a request, named as the API names it (`{field}`): made with
 * englishText and the field's name (and bound) where a schema defines the field.
 */
export const FIELD_TEXTS = {
  text: /*i18n*/ { id: 'validation.fieldText', message: '{field} must be text' },
  number: /*i18n*/ { id: 'validation.fieldNumber', message: '{field} must be a number' },
  wholeNumber: /*i18n*/ {
    id: 'validation.fieldWholeNumber',
    message: '{field} must be a whole number',
  },
  atLeast: /*i18n*/ { id: 'validation.fieldAtLeast', message: '{field} must be at least {min}' },
  atMost: /*i18n*/ { id: 'validation.fieldAtMost', message: '{field} must be at most {max}' },
  maxCharacters: /*i18n*/ {
    id: 'validation.fieldMaxCharacters',
    message: '{field} must be at most {max} characters',
  },
  required: /*i18n*/ { id: 'validation.fieldRequired', message: '{field} is required' },
  notEmpty: /*i18n*/ { id: 'validation.fieldNotEmpty', message: '{field} must not be empty' },
  invalidCharacters: /*i18n*/ {
    id: 'validation.fieldInvalidCharacters',
    message: '{field} contains invalid characters',
  },
  trueOrFalse: /*i18n*/ {
    id: 'validation.fieldTrueOrFalse',
    message: '{field} must be true or false',
  },
  /** A key or a code: its characters and longest length. */
  identifier: /*i18n*/ {
    id: 'validation.fieldIdentifier',
    message: '{field} has only letters, digits, - and _ (at most {max})',
  },
  /** A query parameter's: query strings are text. */
  trueOrFalseText: /*i18n*/ {
    id: 'validation.fieldTrueOrFalseText',
    message: "{field} must be 'true' or 'false'",
  },
  oneOf: /*i18n*/ { id: 'validation.fieldOneOf', message: '{field} must be one of {options}' },
} satisfies Record<string, Text>;
