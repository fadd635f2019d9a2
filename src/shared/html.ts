// Text put into HTML or SVG markup the server writes (the app shell, provider pages, merchant art).
// Numeric references are valid in both HTML and XML, so one escape serves every markup we emit.
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
