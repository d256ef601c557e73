import type { ValidationRule } from '../../schemas';
import type { FieldMessage } from './types';

/**
 * The characters of `text` as the rules count them: code points (`[...text].length`: a surrogate pair
 * is one, a lone surrogate one), without building the array; every record write and import row
 * counts each text field's length, usually twice.
 */
export function charCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const high = text.charCodeAt(i);
    if (high < 0xd800 || high > 0xdbff) continue;
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      count -= 1;
      i += 1;
    }
  }
  return count;
}

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
  // Counted once, when a rule first needs it (no closure: one is made per call, and tsx names each).
  let length = -1;
  for (const rule of rules) {
    switch (rule.rule) {
      case 'maxLength':
        if (length < 0) length = charCount(text);
        if (length > rule.max) messages.push({ key: 'cantBeMoreThenChars', values: { max: rule.max } });
        break;
      case 'minLength':
        if (length < 0) length = charCount(text);
        if (length < rule.min) messages.push({ key: 'cantBeLessThenChars', values: { min: rule.min } });
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
