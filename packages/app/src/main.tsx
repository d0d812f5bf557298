import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadRoute } from './router';
import './styles/app.css';

preloadRoute(window.location.pathname);
const root = document.getElementById('root');
if (!root) throw new Error('[Cadence] index.html needs a #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
