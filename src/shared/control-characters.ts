/**
 * The one rule for control characters in what the shop takes (decision 047): Unicode's Cc class (C0 controls, DEL
 * and C1 controls) has no place in an id, a path, a query or a one-line field, and in free text only line breaks
 * and tabs do. A NUL is the one that hurts (PostgreSQL refuses it in text); the others only write lines and
 * escapes of their own into mails, logs and labels. Zod-free, so the browser's forms can use it at no cost.
 */

const controlCharacter = /\p{Cc}/u;
const controlCharacterBesideLineBreaks = /(?![\t\n\r])\p{Cc}/u;

export interface ControlCharacterRule {
  /** Free text (a review, a message): line feeds, carriage returns and tabs are part of it. */
  lineBreaks?: 'allowed';
}

/** Whether `text` holds a control character the rule does not allow. */
export function hasControlCharacter(text: string, rule: ControlCharacterRule = {}): boolean {
  return (rule.lineBreaks === 'allowed' ? controlCharacterBesideLineBreaks : controlCharacter).test(text);
}
