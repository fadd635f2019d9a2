// The page editor's entry (editor.html, served at /editor): its own chunks, never loaded by the
// member pages. Reads the partner and the editor's copy the server inlined, then renders.
import { createRoot } from 'react-dom/client';
import '../styles/global.css';
import './editor.css';
import { EDITOR_BOOTSTRAP_ELEMENT_ID, type EditorBootstrap } from '#shared/editor-bootstrap.ts';
import { startCsrf } from '#client/api/csrf.ts';
import { EditorApp } from './EditorApp.tsx';

const container = document.getElementById('root')!;
const element = document.getElementById(EDITOR_BOOTSTRAP_ELEMENT_ID);
try {
  const bootstrap = JSON.parse(element?.textContent ?? '') as EditorBootstrap;
  void startCsrf();
  createRoot(container).render(<EditorApp bootstrap={bootstrap} />);
} catch (error) {
  console.error(error);
  container.textContent = 'Something went wrong. Please refresh the page and try again.';
}
