// Text put into HTML or SVG markup the server writes (the app shell, provider pages, merchant art).
// Numeric references are valid in both HTML and XML, so one escape serves every markup we emit.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside <script>: no `</script>` or `<!--` can close or confuse it, nor a line separator end a string. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
