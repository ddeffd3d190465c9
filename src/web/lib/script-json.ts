/**
 * JSON for a data block in a page (`<script type="application/json">`, `application/ld+json`): `<`, `>`, `&` and the
 * two JavaScript line separators as \u escapes, still the same JSON, so no value can close the element or start
 * markup. Only the server's renderer writes such blocks.
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
