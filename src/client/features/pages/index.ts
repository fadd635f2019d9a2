// The route-level pages: a layout by name, the CMS home/discover page, Not Found and the error pages.
export { CmsLayoutPage } from './CmsLayoutPage.tsx';
export { LayoutPage } from './LayoutPage.tsx';
export { NotFoundPage } from './NotFoundPage.tsx';
export { ErrorPage, ServiceErrorPage } from './ErrorPage.tsx';
