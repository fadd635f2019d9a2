// Small HTML helpers for the provider pages (no template engine: every value is escaped here).
import { escapeHtml } from '#shared/html.ts';

export const FRAME_ANCESTORS = 'http://localhost:* http://*.localhost:* https://localhost:* https://*.localhost:*';

export function page({
  title,
  css,
  body,
  script,
  lang = 'en',
}: {
  title: string;
  css: string;
  body: string;
  script?: string;
  lang?: string;
}): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${css}">
</head>
<body>
${body}
${script ? `<script src="${script}"></script>` : ''}
</body>
</html>`;
}
