import type { ValidationRule } from '../../schemas';
import type { FieldMessage } from './types';

const charCount = (text: string) => [...text].length;

/** The compiler drops patterns that do not compile; one that slips through (a hand-made view) is ignored. */
function matches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return true;
  }
}

/**
 * The text rules of spec section 5 on one non-empty text: max length (cantBeMoreThenChars {max}),
 * min length (cantBeLessThenChars {min}), each not-allowed entry found (symbolNotAllowed {symbol} for
 * entries shorter than 2 characters where symbols apply, else wordNotAllowed {word}), regex (invalidInput).
 */
export function textMessages(text: string, rules: readonly ValidationRule[]): FieldMessage[] {
  const messages: FieldMessage[] = [];
  for (const rule of rules) {
    switch (rule.rule) {
      case 'maxLength':
        if (charCount(text) > rule.max) messages.push({ key: 'cantBeMoreThenChars', values: { max: rule.max } });
        break;
      case 'minLength':
        if (charCount(text) < rule.min) messages.push({ key: 'cantBeLessThenChars', values: { min: rule.min } });
        break;
      case 'notAllowedWords':
        for (const word of rule.words) {
          if (!text.includes(word)) continue;
          messages.push(
            rule.symbols && charCount(word) < 2
              ? { key: 'symbolNotAllowed', values: { symbol: word } }
              : { key: 'wordNotAllowed', values: { word } },
          );
        }
        break;
      case 'regex':
        if (!matches(rule.pattern, text)) messages.push({ key: 'invalidInput' });
        break;
      default:
        break;
    }
  }
  return messages;
}
