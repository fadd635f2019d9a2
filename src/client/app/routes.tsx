// The route table as data (spec 000 §2), gated by partner configuration.
import type { RouteObject } from 'react-router';
import type { PartnerBundle } from '#shared/partner.ts';
import { Frame } from '#client/features/frame/Frame.tsx';
import { CmsLayoutPage } from '#client/features/pages/CmsLayoutPage.tsx';
import { NotFoundPage } from '#client/features/pages/NotFoundPage.tsx';

export function buildRoutes(partner: PartnerBundle): RouteObject[] {
  const { config } = partner;
  const homeGroup = config.homePage === 'discover' && config.hasDiscoverPage ? 'discover' : 'home';
  const children: RouteObject[] = [
    { index: true, element: <CmsLayoutPage group={homeGroup} /> },
    ...(config.hasDiscoverPage ? [{ path: 'discover/*', element: <CmsLayoutPage group="discover" /> }] : []),
    { path: 'not_found', element: <NotFoundPage /> },
    { path: '*', element: <NotFoundPage /> },
  ];
  return [{ path: '/', element: <Frame />, children }];
}
