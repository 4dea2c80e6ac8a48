import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ShellPlaceholder } from './shell-placeholder';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ShellPlaceholder />
    </StrictMode>,
  );
}
