// The page frame (spec 000 §2-§4): header, menus, footer, banners, modals and survey around every page.
export { Frame } from './Frame.tsx';
