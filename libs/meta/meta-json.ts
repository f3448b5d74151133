/**
 * JSON as Meta writes webhook bodies: ASCII only, every other character as a `\uXXXX` escape with
 * lower-case hex (characters beyond the Basic Multilingual Plane as their surrogate pair), and `/`
 * as `\/`. Receivers built for Meta rely on it: whatsapp-api-js, for one, escapes the non-ASCII
 * characters of the body it is given before it checks the HMAC, so a body with raw UTF-8 never
 * verifies there. DEL (U+007F) is escaped too, as that library does.
 *
 * The one serializer of every Meta-shaped body the gateway sends or the sandbox plays Meta with.
 */
export function metaJson(value: unknown): string {
  return asciiJson(JSON.stringify(value).replace(/\//g, '\\/'));
}

/**
 * A JSON text with its non-ASCII characters escaped, nothing else changed (outside strings a JSON
 * text is ASCII already). For bytes received from Meta this changes nothing; it makes any other
 * text safe for receivers that escape before they hash.
 */
export function asciiJson(text: string): string {
  return text.replace(/[\u007f-\uffff]/g, (char) => '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0'));
}
