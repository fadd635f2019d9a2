import { createRoot } from 'react-dom/client';
import './styles/global.css';
import { checkBootstrapWhenIdle, loadBootstrap } from './api/bootstrap.ts';
import { App } from './app/App.tsx';
import { trustCheckedLayouts } from './page/checked-layouts.ts';

const container = document.getElementById('root')!;

loadBootstrap().then(
  (bootstrap) => {
    trustCheckedLayouts(bootstrap);
    createRoot(container).render(<App bootstrap={bootstrap} />);
    void checkBootstrapWhenIdle(bootstrap);
  },
  (error: unknown) => {
    console.error(error);
    container.textContent = 'Something went wrong. Please refresh the page and try again.';
  },
);
